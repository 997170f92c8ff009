import type { JobDetail, JobStatus } from '../../shared/variants';
import type { TruncatedField, WireDecodeError } from '../../shared/wire';

/** What a live event said, to tell whether the next lookup changed anything. */
export interface LiveSeen {
  status: JobStatus | null;
  logs: unknown;
  /** The record's other fields and the problems, as JSON (small: the logs are left out). */
  rest: string;
}

export function liveSeen(
  status: JobStatus | null,
  detail: JobDetail,
  problems: readonly WireDecodeError[],
  truncated: readonly TruncatedField[] | undefined,
): LiveSeen {
  const { logs, ...record } = detail as JobDetail & { logs?: unknown };
  return { status, logs, rest: JSON.stringify([record, problems, truncated ?? null]) };
}

export function sameLive(a: LiveSeen, b: LiveSeen): boolean {
  return a.status === b.status && a.logs === b.logs && a.rest === b.rest;
}
