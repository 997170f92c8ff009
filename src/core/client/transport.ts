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
  text: string;
}

export type TransportFailureKind = 'network' | 'timeout' | 'aborted';

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

export async function exchange(request: ExchangeRequest): Promise<RawResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let afterHeaders = false;
  try {
    const response = await request.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
      redirect: 'follow',
    });
    afterHeaders = true;
    const text = await response.text();
    return {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      text,
    };
  } catch (error) {
    if (request.signal?.aborted) throw new TransportFailure('aborted', 'cancelled', false, error);
    if (timeout.aborted) {
      const detail = afterHeaders
        ? `no complete answer within ${request.timeoutMs} ms`
        : `no answer within ${request.timeoutMs} ms`;
      throw new TransportFailure('timeout', detail, false, error);
    }
    throw classifyNetworkError(error, afterHeaders);
  }
}
