import type { Logger } from '../logging/logger';
import type { RequestAuthorization, RequestAuthorizer } from './authorizer';
import { ServiceError } from './errors';
import type { DeliveryOutcome } from './errors';
import type { RetryPolicy } from './retry';
import { sleep } from '../../node-kit/timers/sleep';
import { backoffDelay, parseRetryAfter } from './retry';
import type { FetchLike, RawResponse } from './transport';
import { TransportFailure, exchange } from './transport';
import { UnreadableBody } from './body/read-limited';
import { DEFAULT_BODY_LIMITS } from './body/limits';
import { formatBytes } from '../../shared/wire/byte-size';

/**
 * Turns a failed answer's body into the service's own message and code (docs/wire-format.md,
 * "Errors").
 */
export type ServiceErrorParser = (
  status: number,
  bodyText: string,
) => { message: string; code?: string | null };

export interface RequestContext {
  fetch: FetchLike;
  userAgent: string;
  /** Time-out of one attempt. */
  timeoutMs: number;
  /**
   * The whole wait of one call: its attempts, back-offs and Retry-After waits (never less than
   * one attempt's time-out). Each attempt gets at most what is left of it; once it is spent the
   * call fails with a time-out that names it.
   */
  deadlineMs: number;
  retry: RetryPolicy;
  parseError: ServiceErrorParser;
  authorizer?: RequestAuthorizer | undefined;
  logger: Logger;
  random?: () => number;
  /** The most bytes of a failed call's body that are read (default: body/limits.ts). */
  errorLimitBytes?: number;
}

export interface RequestSpec {
  /** What is being done, in words, for messages ("listing jobs"). */
  operation: string;
  method: 'GET' | 'POST';
  url: string;
  /** A JSON body, serialised here. */
  body?: unknown;
  /**
   * `session`: the session's bearer, with one refresh-and-retry on 401.
   * `none`: no Authorization header (login).
   * `{ header }`: exactly this Authorization header, no refresh on 401 (the refresh call sends
   * `Bearer <refresh token>` this way).
   */
  auth: 'session' | 'none' | { header: string };
  /** Safe to repeat after a failure whose outcome is unknown (GET). */
  idempotent: boolean;
  /**
   * For a call that is not safe to repeat: what a success answer (2xx) that cannot be read
   * means ("the job may exist"). The service took the request; the failure says so and its
   * outcome is unknown, as after a time-out.
   */
  acceptedMeans?: string;
  /**
   * The most bytes of the answer's body read; past it the call fails. Default: the limit of a
   * small answer (one job's status), which suits calls that send back a short confirmation.
   */
  limitBytes?: number;
  /** What the answer is, for the error when it is too large ("a device list"). */
  limitLabel?: string;
  /**
   * Reads the answer's body as a stream instead of parsing it whole as JSON; its value is the
   * response's `json`. Throws `UnreadableBody` when the body is broken.
   */
  readBody?: ((chunks: AsyncIterable<Uint8Array>) => Promise<unknown>) | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export interface JsonResponse {
  status: number;
  json: unknown;
  headers: Headers;
}

function abortedError(operation: string, cause: unknown): ServiceError {
  return new ServiceError({ code: 'aborted', operation, cause, outcome: 'unknown' });
}

/**
 * Sends one logical request: authorisation, time-outs (per attempt, and the call's deadline over
 * all of them), retries for safe calls, one refresh-and-retry on 401, and the translation of
 * every failure into a `ServiceError`. Returns the parsed JSON of a 2xx answer.
 */
export async function sendRequest(ctx: RequestContext, spec: RequestSpec): Promise<JsonResponse> {
  const { retry } = ctx;
  const attemptMs = spec.timeoutMs ?? ctx.timeoutMs;
  const budgetMs = Math.max(ctx.deadlineMs, attemptMs);
  const deadline = performance.now() + budgetMs;
  const left = () => Math.floor(deadline - performance.now());
  // Said when the deadline ended the call: the whole wait, not one attempt's time-out.
  const overdue = (attempts: number) =>
    `no answer in ${formatWait(budgetMs)} over ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  let attempt = 0;
  let sent = 0;
  let refreshed = false;
  for (;;) {
    if (spec.signal?.aborted) throw abortedError(spec.operation, spec.signal.reason);
    const authorization = await resolveAuthorization(ctx, spec);
    const timeoutMs = Math.min(attemptMs, left());
    if (timeoutMs <= 0) {
      // Spent before sending again (a refresh after a 401 took the rest): nothing is in flight.
      throw new ServiceError({
        code: 'timeout',
        operation: spec.operation,
        detail: overdue(sent),
        outcome: 'not-sent',
      });
    }
    let raw: RawResponse;
    sent++;
    try {
      raw = await exchange({
        fetch: ctx.fetch,
        url: spec.url,
        method: spec.method,
        headers: buildHeaders(ctx, spec, authorization),
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        timeoutMs,
        signal: spec.signal,
        limitBytes: spec.limitBytes ?? DEFAULT_BODY_LIMITS.job,
        errorLimitBytes: ctx.errorLimitBytes ?? DEFAULT_BODY_LIMITS.error,
        readBody: spec.readBody,
      });
    } catch (error) {
      if (error instanceof UnreadableBody) {
        throw new ServiceError({
          code: 'decode',
          operation: spec.operation,
          detail: `the answer is not JSON: ${error.message}`,
          cause: error,
        });
      }
      if (!(error instanceof TransportFailure)) throw error;
      if (error.kind === 'aborted') throw abortedError(spec.operation, error);
      if (error.kind === 'too-large') throw tooLargeError(spec, error);
      if (error.kind === 'redirect') {
        throw new ServiceError({
          code: 'redirect',
          operation: spec.operation,
          message: `${capitalise(spec.operation)} failed: the service redirected it: ${error.detail}.`,
          // A redirect is an answer: the call was not carried out where it was sent.
          outcome: 'rejected',
          cause: error,
        });
      }
      // A safe call (GET) that timed out is a transient failure like a reset: a stuck
      // connection or a service busy for a moment. It is repeated within the same retry
      // budget. Anything else is repeated only when it provably never left: a lost answer to
      // POST /execute may hide a created job.
      const transient = error.kind === 'network' || error.kind === 'timeout';
      const mayRepeat = spec.idempotent ? transient : error.kind === 'network' && error.notSent;
      // An attempt cut short by the deadline, or a time-out with no room left for another try,
      // ends the call on its deadline.
      let atDeadline = error.kind === 'timeout' && timeoutMs < attemptMs;
      if (mayRepeat && attempt < retry.retries && !atDeadline) {
        const delay = backoffDelay(attempt, retry, ctx.random);
        if (delay < left()) {
          ctx.logger.warn(`${spec.operation}: ${error.detail}; retrying in ${delay} ms`, {
            attempt: attempt + 1,
          });
          await pause(delay, spec);
          attempt++;
          continue;
        }
        atDeadline = error.kind === 'timeout';
      }
      const outcome: DeliveryOutcome = error.notSent
        ? 'not-sent'
        : spec.idempotent
          ? 'rejected'
          : 'unknown';
      throw new ServiceError({
        code: error.kind,
        operation: spec.operation,
        detail:
          (atDeadline ? overdue(sent) : error.detail) +
          (outcome === 'unknown' ? '; the service may have received the request' : ''),
        outcome,
        cause: error,
      });
    }

    if (raw.status === 401 && spec.auth === 'session' && ctx.authorizer && !refreshed) {
      refreshed = true;
      const renewed = await ctx.authorizer.handleUnauthorized(authorization, spec.signal);
      if (renewed) continue;
    }

    if (raw.status >= 200 && raw.status < 300) {
      const json = spec.readBody ? raw.read : parseJson(spec, raw);
      return { status: raw.status, json, headers: raw.headers };
    }

    const retryAfterMs = parseRetryAfter(raw.headers.get('retry-after'));
    if (spec.idempotent && retry.statuses.includes(raw.status) && attempt < retry.retries) {
      // A wait the deadline cannot hold is not started: the error says when to come back.
      const delay = retryAfterMs ?? backoffDelay(attempt, retry, ctx.random);
      if ((retryAfterMs === null || retryAfterMs <= retry.maxRetryAfterMs) && delay < left()) {
        ctx.logger.warn(`${spec.operation}: HTTP ${raw.status}; retrying in ${delay} ms`, {
          attempt: attempt + 1,
        });
        await pause(delay, spec);
        attempt++;
        continue;
      }
    }
    throw httpError(ctx, spec, raw, retryAfterMs);
  }
}

function tooLargeError(spec: RequestSpec, error: TransportFailure): ServiceError {
  const limit = formatBytes(spec.limitBytes ?? DEFAULT_BODY_LIMITS.job);
  return new ServiceError({
    code: 'too-large',
    operation: spec.operation,
    message:
      `${capitalise(spec.operation)} failed: the answer is larger than ${limit}, the most this ` +
      `app reads for ${spec.limitLabel ?? 'such an answer'}; it stopped reading there. The service or a proxy on ` +
      `the way sent more than such an answer can hold.` +
      (spec.idempotent ? '' : ' The service may have received the request.'),
    outcome: spec.idempotent ? 'rejected' : 'unknown',
    cause: error,
  });
}

/** "45 s" for whole seconds, else milliseconds ("1500 ms"). */
function formatWait(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

async function resolveAuthorization(
  ctx: RequestContext,
  spec: RequestSpec,
): Promise<RequestAuthorization | null> {
  if (spec.auth === 'none') return null;
  if (spec.auth === 'session') return ctx.authorizer ? ctx.authorizer.authorize(spec.signal) : null;
  return { header: spec.auth.header, generation: -1 };
}

function buildHeaders(
  ctx: RequestContext,
  spec: RequestSpec,
  authorization: RequestAuthorization | null,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': ctx.userAgent,
  };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  if (authorization) headers.authorization = authorization.header;
  return headers;
}

async function pause(ms: number, spec: RequestSpec): Promise<void> {
  try {
    await sleep(ms, spec.signal);
  } catch (error) {
    throw abortedError(spec.operation, error);
  }
}

function parseJson(spec: RequestSpec, raw: RawResponse): unknown {
  if (raw.text.trim() === '') return null;
  try {
    return JSON.parse(raw.text) as unknown;
  } catch (error) {
    throw new ServiceError({
      code: 'decode',
      operation: spec.operation,
      status: raw.status,
      detail: `the answer is not JSON: ${excerpt(raw.text)}`,
      cause: error,
    });
  }
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat;
}

function httpError(
  ctx: RequestContext,
  spec: RequestSpec,
  raw: RawResponse,
  retryAfterMs: number | null,
): ServiceError {
  const parsed = ctx.parseError(raw.status, raw.text);
  const waitHint =
    retryAfterMs !== null
      ? `; the service asks to retry after ${Math.ceil(retryAfterMs / 1000)} s`
      : '';
  const code = raw.status === 401 || raw.status === 403 ? 'auth' : 'http';
  const loginHint = code === 'auth' && spec.auth === 'session' ? ' Log in again.' : '';
  const serviceCode = parsed.code ?? null;
  let sentence = `${capitalise(spec.operation)} failed: HTTP ${raw.status}: ${parsed.message}${
    serviceCode ? ` (${serviceCode})` : ''
  }${waitHint}`;
  if (!/[.!?]$/.test(sentence)) sentence += '.';
  return new ServiceError({
    code,
    operation: spec.operation,
    status: raw.status,
    serviceMessage: parsed.message,
    serviceCode,
    retryAfterMs,
    message: sentence + loginHint,
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
