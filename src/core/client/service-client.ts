import type { z } from 'zod';
import { handleForExecuteType } from '../../shared/handles';
import type {
  Device,
  ExecutePayload,
  JobId,
  JobInfo,
  Token,
  VariantId,
} from '../../shared/variants';
import type { VariantSample } from '../../shared/variants';
import { tokenFromWire } from '../../shared/variants';
import { formatIssuePath } from '../../shared/variants/issues';
import {
  CAPABILITIES_PATH,
  NO_CANCEL_REASON,
  capabilitiesSchema,
} from '../../shared/jobs/cancel-support';
import {
  JWT_BEARER_GRANT_TYPE,
  LOGIN_SCOPE,
  WireDecodeError,
  buildExecuteEnvelope,
  decodeDevices,
  decodeJobDetail,
  decodeJobId,
  decodeJobList,
  parseServiceError,
} from '../../shared/wire';
import { silentLogger } from '../logging/logger';
import type { RequestAuthorizer } from './authorizer';
import {
  endpointUrl,
  errorCheckQuery,
  flagsForFields,
  jobPath,
  resolveFlags,
  resolvePaths,
} from './endpoints';
import { ServiceError, isServiceError } from './errors';
import type { RequestContext, RequestSpec } from './request';
import { sendRequest } from './request';
import { resolveRetry } from './retry';
import { resolveBodyLimits } from './body/limits';
import { DEFAULT_SWITCH_HINT, variantMismatch } from './variant-check';
import type { StreamedJobDetail } from './body/job-detail-body';
import { readJobDetailBody } from './body/job-detail-body';
import type {
  CallOptions,
  DecodedJobDetail,
  ExecuteOptions,
  ExecuteOutcome,
  JobLookupOptions,
  LoginRequest,
  ResolvedClientConfig,
  ServiceClient,
  ServiceClientOptions,
} from './types';
import { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS } from '../../shared/ipc/schemas';
import { DEFAULT_USER_AGENT } from './user-agent';
import { quoted } from '../../shared/text/quote';

// The defaults a profile falls back to live beside the profile's fields, where the UI reads them.
export { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS };

/**
 * The one client per connection. It speaks the wire of docs/wire-format.md through the codecs
 * of src/shared/wire, validates every answer against the variant's models, and turns every
 * failure into a ServiceError that says what was being done.
 */
export function createServiceClient<V extends VariantId>(
  options: ServiceClientOptions<V>,
): ServiceClient<V> {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch (error) {
    throw new ServiceError({
      code: 'network',
      operation: 'connecting',
      message: `The base URL ${quoted(options.baseUrl, "'")} is not a valid URL.`,
      cause: error,
    });
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new ServiceError({
      code: 'network',
      operation: 'connecting',
      message: `The base URL ${quoted(options.baseUrl, "'")} must start with http:// or https://.`,
    });
  }
  const config: ResolvedClientConfig<V> = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    variant: options.variant,
    paths: resolvePaths(options.paths),
    flags: resolveFlags(options.flags),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
    retry: resolveRetry(options.retry),
    limits: resolveBodyLimits(options.limits),
  };
  return buildClient(config, options, options.session);
}

function buildClient<V extends VariantId>(
  config: ResolvedClientConfig<V>,
  options: ServiceClientOptions<V>,
  authorizer: RequestAuthorizer | undefined,
): ServiceClient<V> {
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
  const { limits } = config;
  const { variant, paths, flags } = config;
  const url = (path: string, query?: Record<string, string>) =>
    endpointUrl(config.baseUrl, path, query).toString();

  const hint = options.switchVariantHint ?? DEFAULT_SWITCH_HINT;
  /**
   * `sample` says what the answer tells about the variant: of the raw answer when it did not
   * decode, else of the decoded value when that is cheaper. `failed` marks a decoded value
   * with parts that did not fit (a job detail's problems).
   */
  const send = async <T>(
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

  const decodeToken = (operation: string, previousRefreshToken?: string) => (json: unknown) => {
    const parsed = tokenFromWire(variant, json, previousRefreshToken);
    if (!parsed.success) throw zodDecodeError(operation, parsed.error);
    return parsed.data;
  };

  /** What the last job list with records said about `status` (ServiceClient.listCarriesStatus). */
  let listStatus: boolean | null = null;

  return {
    variant,
    baseUrl: config.baseUrl,
    config,

    login(request: LoginRequest, call?: CallOptions): Promise<Token<V>> {
      return send(
        {
          operation: 'logging in',
          method: 'POST',
          url: url(paths.login),
          body: {
            grantType: JWT_BEARER_GRANT_TYPE,
            assertion: request.assertion,
            scope: LOGIN_SCOPE,
          },
          auth: 'none',
          // A login creates nothing: repeating it after a lost answer is harmless.
          idempotent: true,
          limitBytes: limits.token,
          limitLabel: 'a login token',
        },
        call,
        decodeToken('logging in'),
        (json) => ({ sample: { kind: 'token', body: json }, failed: false }),
      );
    },

    refresh(refreshToken: string, call?: CallOptions): Promise<Token<V>> {
      return send(
        {
          operation: 'renewing the login',
          method: 'POST',
          url: url(paths.refresh),
          auth: { header: `Bearer ${refreshToken}` },
          // A service that rotates refresh tokens spends the old one on the first try: after a
          // lost answer, a repeat would be refused and end the session. The session retries
          // later instead, with whatever token it then holds.
          idempotent: false,
          limitBytes: limits.token,
          limitLabel: 'a login token',
        },
        call,
        decodeToken('renewing the login', refreshToken),
      );
    },

    listDevices(call?: CallOptions): Promise<Device[]> {
      return send(
        {
          operation: 'listing devices',
          method: 'GET',
          url: url(paths.devices),
          auth: 'session',
          idempotent: true,
          limitBytes: limits.devices,
          limitLabel: 'a device list',
        },
        call,
        (json) => decodeDevices(json),
      );
    },

    listJobs(call?: CallOptions): Promise<JobInfo[]> {
      return send(
        {
          operation: 'listing jobs',
          method: 'GET',
          url: url(paths.jobs),
          auth: 'session',
          idempotent: true,
          limitBytes: limits.jobs,
          limitLabel: 'a job list',
        },
        call,
        (json) => {
          const jobs = decodeJobList(variant, json);
          if (jobs.length > 0) listStatus = jobs.every((j) => j.status != null);
          return jobs;
        },
        (json, jobs) => ({ sample: { kind: 'job-list', body: jobs ?? json }, failed: false }),
      );
    },

    listCarriesStatus: () => listStatus,

    getJob(id: number, call?: JobLookupOptions): Promise<DecodedJobDetail<V>> {
      if (!Number.isSafeInteger(id) || id < 0) {
        return Promise.reject(
          new ServiceError({
            code: 'invalid-request',
            operation: `fetching job ${id}`,
            message: `'${id}' is not a job id; nothing was sent.`,
            outcome: 'not-sent',
          }),
        );
      }
      const query = call?.full
        ? flags.full
        : call?.fields?.length
          ? flagsForFields(flags, call.withError ? [...call.fields, 'error'] : call.fields)
          : call?.withError
            ? errorCheckQuery(flags)
            : flags.light;
      // Any heavy part may be large: such a record is read as a stream, its texts kept within
      // their limits; the cheap form is small and read whole.
      const heavy = query !== flags.light;
      return send(
        {
          operation: `fetching job ${id}`,
          method: 'GET',
          url: url(jobPath(paths.job, id), query),
          auth: 'session',
          idempotent: true,
          limitBytes: heavy ? limits.jobDetail : limits.job,
          limitLabel: heavy ? "one job's full record" : "one job's status",
          readBody: (chunks) => readJobDetailBody(chunks, limits.keep),
        },
        call,
        (read) => {
          const streamed = read as StreamedJobDetail;
          const decoded = decodeJobDetail(variant, streamed.wire, streamed);
          return streamed.truncated.length
            ? { ...decoded, truncated: streamed.truncated }
            : decoded;
        },
        (read, decoded) => {
          // Parts that did not decode are looked at as they arrived; else the decoded record.
          const failed = !decoded || decoded.problems.length > 0;
          const body = failed ? (read as StreamedJobDetail).wire : decoded.detail;
          return { sample: { kind: 'job', body }, failed };
        },
      );
    },

    async execute(payload: ExecutePayload<V>, call: ExecuteOptions): Promise<ExecuteOutcome> {
      let body;
      try {
        body = buildExecuteEnvelope({
          variant,
          payload,
          deviceCode: call.deviceCode,
          name: call.name,
          meta: call.meta,
        });
      } catch (error) {
        // Nothing was sent: the payload itself does not fit the model.
        throw new ServiceError({
          code: 'invalid-request',
          operation: 'submitting the job',
          field: error instanceof WireDecodeError ? error.field : null,
          message: `The job was not submitted: ${error instanceof Error ? error.message : String(error)}`,
          outcome: 'not-sent',
          cause: error,
        });
      }
      const jobId: JobId = await send(
        {
          operation: 'submitting the job',
          method: 'POST',
          url: url(paths.execute),
          body,
          auth: 'session',
          // Never repeated blindly: a lost answer may hide a created job (no duplicates).
          idempotent: false,
          acceptedMeans: 'the job may exist',
          limitBytes: limits.job,
          limitLabel: 'the answer to a submission',
        },
        call,
        (json) => decodeJobId(variant, json),
        (json) => ({ sample: { kind: 'job-id', body: json }, failed: false }),
      );
      return {
        handle: handleForExecuteType(variant, payload.type, jobId.id),
        jobId,
        message:
          typeof jobId.message === 'string' && jobId.message.trim() !== '' ? jobId.message : null,
      };
    },

    async cancelJob(id: number, call?: CallOptions): Promise<void> {
      const operation = `cancelling job ${id}`;
      const refuse = (message: string) =>
        new ServiceError({ code: 'invalid-request', operation, message, outcome: 'not-sent' });
      if (!Number.isSafeInteger(id) || id < 0)
        throw refuse(`'${id}' is not a job id; nothing was sent.`);
      if (paths.cancel === null) throw refuse(`${capitalised(operation)}: ${NO_CANCEL_REASON}`);
      // The answer's shape is not documented (the simulator returns the job): only success counts.
      await send(
        {
          operation,
          method: 'POST',
          url: url(jobPath(paths.cancel, id)),
          auth: 'session',
          // Cancelling twice is harmless: the second answer is "already cancelled".
          idempotent: true,
        },
        call,
        () => undefined,
      );
    },

    async capabilities(call?: CallOptions): Promise<{ cancel: string | null }> {
      const operation = "reading the service's capabilities";
      try {
        return await send(
          {
            operation,
            method: 'GET',
            url: url(CAPABILITIES_PATH),
            auth: 'none',
            idempotent: true,
            limitBytes: limits.token,
            limitLabel: 'a list of capabilities',
          },
          call,
          (json) => {
            const parsed = capabilitiesSchema.safeParse(json);
            if (!parsed.success) throw zodDecodeError(operation, parsed.error);
            return { cancel: parsed.data.cancel?.path ?? null };
          },
        );
      } catch (error) {
        // The documented interface has no such endpoint: a service without it offers nothing.
        if (
          error instanceof ServiceError &&
          error.code === 'http' &&
          [404, 405].includes(error.status ?? 0)
        )
          return { cancel: null };
        throw error;
      }
    },

    withSession(session: RequestAuthorizer): ServiceClient<V> {
      return buildClient(config, options, session);
    },
  };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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

function zodDecodeError(operation: string, error: z.ZodError): ServiceError {
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
