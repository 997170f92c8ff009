import { z } from 'zod';

/**
 * When and how long to wait before repeating a safe (GET) call after a network error, a
 * time-out or one of `statuses`. Only idempotent calls are repeated; `POST /execute` is not
 * (see request.ts).
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** First back-off delay; doubles per attempt. */
  baseDelayMs: number;
  /** Cap of one computed back-off delay. */
  maxDelayMs: number;
  /**
   * A Retry-After longer than this is not waited for: the call fails and says when the
   * service expects to be back (a CLI waiting silently for an hour helps no one).
   */
  maxRetryAfterMs: number;
  /** HTTP statuses that mean "try again later". */
  statuses: readonly number[];
}

const DEFAULT_RETRY: Readonly<RetryPolicy> = Object.freeze({
  retries: 3,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 60_000,
  statuses: Object.freeze([429, 502, 503, 504]),
});

const retryPolicySchema = z.strictObject({
  retries: z.number().int().min(0).max(20).optional(),
  baseDelayMs: z.number().int().min(0).max(60_000).optional(),
  maxDelayMs: z.number().int().min(0).max(600_000).optional(),
  maxRetryAfterMs: z.number().int().min(0).max(3_600_000).optional(),
  statuses: z.array(z.number().int().min(100).max(599)).optional(),
});
export type RetryPolicyOverride = z.infer<typeof retryPolicySchema>;

export function resolveRetry(override?: RetryPolicyOverride): RetryPolicy {
  const parsed = retryPolicySchema.parse(override ?? {});
  return {
    retries: parsed.retries ?? DEFAULT_RETRY.retries,
    baseDelayMs: parsed.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
    maxDelayMs: parsed.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    maxRetryAfterMs: parsed.maxRetryAfterMs ?? DEFAULT_RETRY.maxRetryAfterMs,
    statuses: parsed.statuses ?? DEFAULT_RETRY.statuses,
  };
}

/**
 * Exponential back-off with "equal jitter": half the delay is fixed, half random, so that
 * many clients knocked off by one outage do not come back in lock-step, yet no retry fires
 * immediately.
 */
export function backoffDelay(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Retry-After in milliseconds: delta-seconds or an HTTP-date (RFC 9110 §10.2.3).
 * Null when absent or unreadable; never negative.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | null {
  if (value == null) return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date always names its month; without that check Date.parse reads '-5' as a year.
  if (!/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
