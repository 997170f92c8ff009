import { z } from 'zod';

const KB = 1024;
const MB = 1024 * KB;

/**
 * How many bytes of an answer the client reads, per kind of answer. A broken proxy or a hostile
 * service can send a body that never ends: every answer is read as a stream with a byte counter
 * and the call fails once the counter passes its limit, so memory stays bounded whatever arrives.
 *
 * The limits follow what each answer can reasonably hold: a token is a few hundred bytes, a
 * device list a few kilobytes per device, a job list a few hundred bytes per job (100,000 jobs
 * stay well under the limit), one job's full record may carry logs of any length.
 */
export interface BodyLimits {
  /** The login and refresh answers (a token). */
  token: number;
  /** The device list. */
  devices: number;
  /** The job list (the lightweight form of every job). */
  jobs: number;
  /** One job's cheap lookup (no payload, result, logs or errors) and the execute answer. */
  job: number;
  /**
   * One job with any of its heavy parts (payload, result, logs, errors): the whole body. Its
   * text parts are kept within `keep` below; past this the call fails.
   */
  jobDetail: number;
  /** The body of a failed call (an error message); the rest is not read. */
  error: number;
}

/**
 * What is kept of each part of a job record, in bytes. A text part (logs, errors) larger than
 * its share is kept truncated, with a note that says so; the payload and the result are
 * structured and useless cut, so one larger than its share is dropped with a note instead.
 */
export interface DetailKeepLimits {
  /** Logs: the end is kept (where the failure usually is). */
  logs: number;
  /** Error logs: the end is kept. */
  error_logs: number;
  /** The error message: the start is kept (the message comes first). */
  error: number;
  /** The payload (a JSON text), whole or not at all. */
  payload: number;
  /** The result (base64 of a JSON text), whole or not at all. */
  result: number;
  /** Any other field of a job record (name, description, ...). */
  other: number;
}

export const DEFAULT_BODY_LIMITS: Readonly<BodyLimits> = Object.freeze({
  token: 64 * KB,
  devices: 8 * MB,
  jobs: 64 * MB,
  job: 1 * MB,
  jobDetail: 512 * MB,
  error: 64 * KB,
});

const DEFAULT_KEEP_LIMITS: Readonly<DetailKeepLimits> = Object.freeze({
  logs: 64 * MB,
  error_logs: 16 * MB,
  error: 1 * MB,
  payload: 64 * MB,
  result: 64 * MB,
  other: 1 * MB,
});

const bytes = z
  .number()
  .int()
  .min(64)
  .max(4 * 1024 * MB);

const bodyLimitsOverrideSchema = z.strictObject({
  token: bytes.optional(),
  devices: bytes.optional(),
  jobs: bytes.optional(),
  job: bytes.optional(),
  jobDetail: bytes.optional(),
  error: bytes.optional(),
  keep: z
    .strictObject({
      logs: bytes.optional(),
      error_logs: bytes.optional(),
      error: bytes.optional(),
      payload: bytes.optional(),
      result: bytes.optional(),
      other: bytes.optional(),
    })
    .optional(),
});
export type BodyLimitsOverride = z.infer<typeof bodyLimitsOverrideSchema>;

export interface ResolvedBodyLimits extends BodyLimits {
  keep: DetailKeepLimits;
}

export function resolveBodyLimits(override?: BodyLimitsOverride): ResolvedBodyLimits {
  const parsed = bodyLimitsOverrideSchema.parse(override ?? {});
  const { keep, ...top } = parsed;
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  return {
    ...DEFAULT_BODY_LIMITS,
    ...defined(top),
    keep: { ...DEFAULT_KEEP_LIMITS, ...defined(keep ?? {}) },
  };
}
