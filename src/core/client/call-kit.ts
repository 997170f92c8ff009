import type { z } from 'zod';
import type { VariantId, VariantSample } from '../../shared/variants';
import { formatIssuePath } from '../../shared/variants/issues';
import { WireDecodeError, parseServiceError } from '../../shared/wire';
import { silentLogger } from '../logging/logger';
import type { RequestAuthorizer } from './authorizer';
import { endpointUrl } from './endpoints';
import { ServiceError, isServiceError } from './errors';
import type { RequestContext, RequestSpec } from './request';
import { sendRequest } from './request';
import { DEFAULT_SWITCH_HINT, variantMismatch } from './variant-check';
import type { CallOptions, ResolvedClientConfig, ServiceClientOptions } from './types';

/**
 * What every call of the service client is made with (service-client.ts puts the calls
 * together: session-calls.ts, service-calls.ts, job-calls.ts): the connection's settings, its
 * URLs, and `send`, which sends one request and decodes its answer, checking that the answer
 * fits the connection's variant and turning every failure into a ServiceError that says what
 * was being done.
 */
export interface CallKit<V extends VariantId> {
  readonly variant: V;
  readonly config: ResolvedClientConfig<V>;
  readonly url: (path: string, query?: Record<string, string>) => string;
  readonly send: Send;
}

/**
 * `sample` says what the answer tells about the variant: of the raw answer when it did not
 * decode, else of the decoded value when that is cheaper. `failed` marks a decoded value with
 * parts that did not fit (a job detail's problems).
 */
export type Send = <T>(
  spec: Omit<RequestSpec, 'signal' | 'timeoutMs'>,
  call: CallOptions | undefined,
  decode: (json: unknown) => T,
  sample?: (json: unknown, value?: T) => { sample: VariantSample; failed: boolean },
) => Promise<T>;

export function callKit<V extends VariantId>(
  config: ResolvedClientConfig<V>,
  options: ServiceClientOptions<V>,
  authorizer: RequestAuthorizer | undefined,
): CallKit<V> {
  const ctx: RequestContext = {
    fetch: options.fetch,
    userAgent: config.userAgent,
    timeoutMs: config.timeoutMs,
    deadlineMs: config.deadlineMs,
    retry: config.retry,
    parseError: parseServiceError,
    authorizer,
    logger: options.logger ?? silentLogger,
    errorLimitBytes: config.limits.error,
    ...(options.random ? { random: options.random } : {}),
  };
  const { variant } = config;
  const url = (path: string, query?: Record<string, string>) =>
    endpointUrl(config.baseUrl, path, query).toString();

  const hint = options.switchVariantHint ?? DEFAULT_SWITCH_HINT;
  const send: Send = async <T>(
    spec: Omit<RequestSpec, 'signal' | 'timeoutMs'>,
    call: CallOptions | undefined,
    decode: (json: unknown) => T,
    sample?: (json: unknown, value?: T) => { sample: VariantSample; failed: boolean },
  ): Promise<T> => {
    let response;
    try {
      response = await sendRequest(ctx, {
        ...spec,
        signal: call?.signal,
        timeoutMs: call?.timeoutMs,
      });
    } catch (error) {
      // A success answer that is not JSON at all.
      throw isServiceError(error) && error.code === 'decode' && error.status !== null
        ? acceptedUnread(spec, error.status, error)
        : error;
    }
    const check = (value: T | undefined, error?: unknown) => {
      if (!sample) return null;
      const seen = sample(response.json, value);
      const failed = error !== undefined || seen.failed;
      return variantMismatch(
        variant,
        config.baseUrl,
        spec.operation,
        [seen.sample],
        failed,
        hint,
        error,
      );
    };
    let value: T;
    try {
      value = decode(response.json);
    } catch (error) {
      const failure = check(undefined, error) ?? decodeError(spec.operation, error);
      throw acceptedUnread(spec, response.status, failure);
    }
    const mismatch = check(value);
    if (mismatch) throw acceptedUnread(spec, response.status, mismatch);
    return value;
  };
  return { variant, config, url, send };
}

/**
 * A success answer (`status`) that could not be read, to a call that is not safe to repeat
 * (`spec.acceptedMeans`): the service took the request, so the failure says what that means and
 * its outcome is unknown (check before sending again). Other calls' failures are returned as
 * they are.
 */
function acceptedUnread(
  spec: Pick<RequestSpec, 'idempotent' | 'acceptedMeans'>,
  status: number,
  failure: ServiceError,
): ServiceError {
  if (spec.idempotent || !spec.acceptedMeans || status < 200 || status >= 300) return failure;
  return new ServiceError({
    code: failure.code,
    operation: failure.operation,
    status,
    field: failure.field,
    variant: failure.variant,
    message:
      `${failure.message.replace(/[.\s]+$/, '')}. ` +
      `The service accepted the request (HTTP ${status}), so ${spec.acceptedMeans}.`,
    outcome: 'unknown',
    cause: failure,
  });
}

function decodeError(operation: string, error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof WireDecodeError) {
    return new ServiceError({
      code: 'decode',
      operation,
      field: error.field || null,
      detail: error.message,
      cause: error,
    });
  }
  // JSON.parse reads any depth, but the checks that walk the value recurse: an answer nested
  // thousands of levels deep exhausts the stack. Say that, not "Maximum call stack size exceeded".
  const detail =
    error instanceof RangeError
      ? 'the answer nests arrays and objects too deeply to be read'
      : error instanceof Error
        ? error.message
        : String(error);
  return new ServiceError({ code: 'decode', operation, detail, cause: error });
}

export function zodDecodeError(operation: string, error: z.ZodError): ServiceError {
  // Values are left out on purpose: a token response that does not fit still holds tokens.
  const first = error.issues[0];
  const field = first ? formatIssuePath(first.path) : '';
  const detail = error.issues
    .slice(0, 3)
    .map((i) => `${formatIssuePath(i.path) || '(body)'}: ${i.message}`)
    .join('; ');
  return new ServiceError({
    code: 'decode',
    operation,
    field: field || null,
    detail,
    cause: undefined,
  });
}
