import type { JobHandle } from '../../shared/handles';
import type {
  Device,
  ExecutePayload,
  JobId,
  JobInfo,
  Token,
  VariantId,
} from '../../shared/variants';
import type { DetailField } from '../../shared/ipc/schemas';
import type { DecodedJobDetail } from '../../shared/wire';
import type { RequestAuthorizer } from './authorizer';
import type {
  EndpointPaths,
  EndpointPathsOverride,
  QueryFlags,
  QueryFlagsOverride,
} from './endpoints';
import type { RetryPolicy, RetryPolicyOverride } from './retry';
import type { BodyLimitsOverride, ResolvedBodyLimits } from './body/limits';
import type { SwitchVariantHint } from './variant-check';
import type { FetchLike } from './transport';
import type { Logger } from '../logging/logger';

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's time-out for this one call. */
  timeoutMs?: number;
}

/** Which form of a job the lookup asks for (the query flags of the connection's profile). */
export interface JobLookupOptions extends CallOptions {
  /** The full detail: payload, result, logs and errors. */
  full?: boolean;
  /** The cheap form plus the `error` text (ignored with `full`, which has it). */
  withError?: boolean;
  /** The cheap form plus these parts only (a running job's `logs`); ignored with `full`. */
  fields?: readonly DetailField[];
}

export interface ServiceClientOptions<V extends VariantId = VariantId> {
  /** Ends in the API version segment, e.g. `https://host/public-api/api/v1`. */
  baseUrl: string;
  variant: V;
  fetch: FetchLike;
  paths?: EndpointPathsOverride;
  flags?: QueryFlagsOverride;
  userAgent?: string;
  /** Time-out of one attempt of one call. */
  timeoutMs?: number;
  /**
   * The whole wait of one call, its retries and back-offs included (never less than one
   * attempt's time-out); each attempt gets at most what is left of it.
   */
  deadlineMs?: number;
  retry?: RetryPolicyOverride;
  /** How many bytes of each kind of answer are read (defaults: body/limits.ts). */
  limits?: BodyLimitsOverride;
  /**
   * How the surface in use switches a connection's variant, for the error that says the
   * service speaks the other one ("Run it again with --variant B.").
   */
  switchVariantHint?: SwitchVariantHint;
  /** The session whose bearer every call but login and refresh carries. */
  session?: RequestAuthorizer;
  logger?: Logger;
  /** For tests: the jitter source. */
  random?: () => number;
}

export interface LoginRequest {
  /**
   * The URL-safe base64 login assertion (docs/wire-format.md, "Login and refresh"; built by
   * src/core/auth).
   */
  assertion: string;
}

/** A job detail and the fields that could not be decoded (their raw text kept for support). */
export type { DecodedJobDetail };

export interface ExecuteOptions extends CallOptions {
  /** The Device `code` to run on. */
  deviceCode: string;
  name?: string;
  meta?: Record<string, unknown>;
}

export interface ExecuteOutcome {
  /** The typed handle for the payload's execute type: bind it to the detail to read results. */
  handle: JobHandle;
  jobId: JobId;
  /** The service's notice for the user (Variant A), or null. */
  message: string | null;
}

export interface ResolvedClientConfig<V extends VariantId = VariantId> {
  baseUrl: string;
  variant: V;
  paths: EndpointPaths;
  flags: QueryFlags;
  userAgent: string;
  timeoutMs: number;
  deadlineMs: number;
  retry: RetryPolicy;
  limits: ResolvedBodyLimits;
}

/** One typed client per connection. Every answer is decoded and validated before it returns. */
export interface ServiceClient<V extends VariantId = VariantId> {
  readonly variant: V;
  readonly baseUrl: string;
  readonly config: ResolvedClientConfig<V>;
  /** Exchanges a login assertion for a token. Only the session calls this. */
  login(request: LoginRequest, options?: CallOptions): Promise<Token<V>>;
  /** Renews a token; a response without a refresh token keeps the given one. Only the session calls this. */
  refresh(refreshToken: string, options?: CallOptions): Promise<Token<V>>;
  listDevices(options?: CallOptions): Promise<Device[]>;
  /** The lightweight form of every job. */
  listJobs(options?: CallOptions): Promise<JobInfo[]>;
  /**
   * Whether the last job list that had records carried `status` on every one (null before
   * such a list). Variant A's specification leaves `status` unshown in the list; the real
   * service sends it, and a watcher can then poll with one list request as in Variant B.
   */
  listCarriesStatus?(): boolean | null;
  /**
   * One job: the cheap form for polling, with `full` the payload, result, logs and errors, or
   * with `fields` only those parts (a running job's logs). `full` wins over the others.
   */
  getJob(id: number, options?: JobLookupOptions): Promise<DecodedJobDetail<V>>;
  /**
   * Submits a payload. Never repeated after a failure whose outcome is unknown: such an error
   * has `outcome: 'unknown'` and says to check the job list before submitting again.
   */
  execute(payload: ExecutePayload<V>, options: ExecuteOptions): Promise<ExecuteOutcome>;
  /**
   * Asks the service to cancel a job, at the connection's cancel endpoint (`paths.cancel`). A
   * connection without one sends nothing and fails with `invalid-request`. Resolves once the
   * service accepted; the job's `cancelled` status arrives like any other change.
   */
  cancelJob(id: number, options?: CallOptions): Promise<void>;
  /**
   * What the service offers beyond its documented interface, as it says at `GET /capabilities`
   * (the simulator does; shared/jobs/cancel-support.ts): the path of its cancel endpoint, or
   * null. A service without that endpoint (404, 405) offers nothing more: null, not an error.
   */
  capabilities(options?: CallOptions): Promise<{ cancel: string | null }>;
  /** The same connection, with every call carrying this session's bearer. */
  withSession(session: RequestAuthorizer): ServiceClient<V>;
}
