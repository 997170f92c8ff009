import {
  BodyTooLarge,
  UnreadableBody,
  limitedChunks,
  readBodyStart,
  readLimitedText,
} from './body/read-limited';
import { quoted } from '../../shared/text/quote';

/**
 * One HTTP exchange with a time-out and cancellation, and the classification of how it
 * failed. Kept apart from the retry loop so the rules for "was the request sent?" live in one
 * place: they decide whether a `POST /execute` may be repeated.
 */

/** The fetch the client is given: Node's `fetch` in the CLI and tests, `net.fetch` in Electron. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Headers;
  /**
   * The body as text: a failed call's (its start, at most the error limit), or a successful
   * one's when no `readBody` was given. Empty when `readBody` read it.
   */
  text: string;
  /** What `readBody` made of a successful answer's body. */
  read?: unknown;
}

export type TransportFailureKind = 'network' | 'timeout' | 'aborted' | 'too-large' | 'redirect';

export class TransportFailure extends Error {
  readonly kind: TransportFailureKind;
  /** True when the request provably never reached the service (so repeating it is safe). */
  readonly notSent: boolean;
  readonly detail: string;
  constructor(kind: TransportFailureKind, detail: string, notSent: boolean, cause?: unknown) {
    super(detail, cause === undefined ? undefined : { cause });
    this.name = 'TransportFailure';
    this.kind = kind;
    this.detail = detail;
    this.notSent = notSent;
  }
}

export interface ExchangeRequest {
  fetch: FetchLike;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** The most bytes of a successful answer's body that are read; past it the call fails. */
  limitBytes: number;
  /** The most bytes of a failed answer's body that are read (its message is at the start). */
  errorLimitBytes: number;
  /**
   * Reads a successful answer's body as a stream (already counted against `limitBytes`); throws
   * `UnreadableBody` when the body is not what it should be.
   */
  readBody?: ((chunks: AsyncIterable<Uint8Array>) => Promise<unknown>) | undefined;
}

/**
 * Errors that happen before a single byte reached the service. Node's undici reports them as
 * the `code` of the cause; Electron's net.fetch as `net::ERR_...` in the message.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);
const NOT_SENT_CHROMIUM =
  /net::ERR_(CONNECTION_REFUSED|NAME_NOT_RESOLVED|ADDRESS_UNREACHABLE|INTERNET_DISCONNECTED|NAME_RESOLUTION_FAILED)/;

const FRIENDLY: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed while sending',
  UND_ERR_SOCKET: 'connection closed by the service',
  UND_ERR_CLOSED: 'connection closed by the service',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'response body stalled',
  CERT_HAS_EXPIRED: 'the server certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate cannot be verified',
};

/** The first `code` along the cause chain, and the innermost message (undici nests both). */
function causeOf(error: unknown): { code: string | null; message: string | null } {
  let code: string | null = null;
  let message: string | null = null;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const c = (current as { code?: unknown }).code;
    if (code === null && typeof c === 'string') code = c;
    if (depth > 0 && current instanceof Error && current.message) message = current.message;
    current = (current as { cause?: unknown }).cause;
  }
  return { code, message };
}

function classifyNetworkError(error: unknown, afterHeaders: boolean): TransportFailure {
  const { code, message: inner } = causeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const chromium = NOT_SENT_CHROMIUM.exec(message);
  const notSent =
    !afterHeaders && ((code !== null && NOT_SENT_CODES.has(code)) || chromium !== null);
  const words = code
    ? `${FRIENDLY[code] ?? inner ?? 'network error'} (${code})`
    : chromium
      ? chromium[0]
      : inner
        ? `${message}: ${inner}`
        : message;
  return new TransportFailure(
    'network',
    afterHeaders ? `${words}, while reading the answer` : words,
    notSent,
    error,
  );
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * Redirects are followed here, not by fetch: fetch's `follow` re-sends a POST body (a login
 * assertion holds the API key) and the Authorization header to wherever a 307 points. Only a
 * GET to the same origin is followed; anything else is refused and the error says where it
 * pointed, so a person can decide whether that address should be the base URL.
 */
function redirectTarget(request: ExchangeRequest, from: string, response: Response): string {
  if (response.type === 'opaqueredirect' || response.status === 0) {
    throw new TransportFailure(
      'redirect',
      'the service answered with a redirect; redirects are not followed',
      false,
    );
  }
  const location = response.headers.get('location');
  const status = `HTTP ${response.status}`;
  if (!location) {
    throw new TransportFailure('redirect', `${status} without a Location to go to`, false);
  }
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new TransportFailure(
      'redirect',
      `${status} to an invalid address ${quoted(location, "'")}`,
      false,
    );
  }
  const source = new URL(from);
  const shown = `${target.origin}${target.pathname}`;
  if (source.protocol === 'https:' && target.protocol !== 'https:') {
    throw new TransportFailure(
      'redirect',
      `${status} from https to ${shown}, which is not encrypted: refused, the credentials would travel in clear`,
      false,
    );
  }
  if (target.origin !== source.origin) {
    throw new TransportFailure(
      'redirect',
      `${status} to another address, ${shown}: refused, this request carries credentials and is only sent to ${source.origin}`,
      false,
    );
  }
  if (request.method !== 'GET') {
    throw new TransportFailure(
      'redirect',
      `${status} to ${shown}: refused, a ${request.method} is not sent again elsewhere; if that is the service's address, use it in the base URL or the endpoint paths`,
      false,
    );
  }
  return target.toString();
}

export async function exchange(request: ExchangeRequest): Promise<RawResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let afterHeaders = false;
  try {
    let url = request.url;
    let response: Response;
    for (let hop = 0; ; hop++) {
      response = await request.fetch(url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
        redirect: 'manual',
      });
      const redirected =
        REDIRECT_STATUSES.has(response.status) || response.type === 'opaqueredirect';
      if (!redirected) break;
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS)
        throw new TransportFailure('redirect', `more than ${MAX_REDIRECTS} redirects`, false);
      url = redirectTarget(request, url, response);
    }
    afterHeaders = true;
    const ok = response.status >= 200 && response.status < 300;
    const base = {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    };
    if (!ok) {
      const { text } = await readBodyStart(response.body, request.errorLimitBytes);
      return { ...base, text };
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > request.limitBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new BodyTooLarge(request.limitBytes, declared);
    }
    if (request.readBody) {
      const read = await request.readBody(limitedChunks(response.body, request.limitBytes));
      return { ...base, text: '', read };
    }
    return { ...base, text: await readLimitedText(response.body, request.limitBytes) };
  } catch (error) {
    if (error instanceof TransportFailure) throw error;
    if (error instanceof BodyTooLarge) {
      throw new TransportFailure('too-large', `more than ${error.limit} bytes`, false, error);
    }
    if (request.signal?.aborted) throw new TransportFailure('aborted', 'cancelled', false, error);
    if (timeout.aborted) {
      const detail = afterHeaders
        ? `no complete answer within ${request.timeoutMs} ms`
        : `no answer within ${request.timeoutMs} ms`;
      throw new TransportFailure('timeout', detail, false, error);
    }
    if (error instanceof UnreadableBody) throw error;
    throw classifyNetworkError(error, afterHeaders);
  }
}
