import type { JobInfo, JobStatus } from '../../shared/variants';
import { isTerminalStatus, movesBack } from '../../shared/variants';

export interface KeptRecord {
  status: JobStatus | null;
  updated_at: string | null;
  completed_at: string | null;
}

/**
 * The status to keep for a record the service just returned. A record with a status wins, unless
 * it would move the job back (`movesBack`: completed, then running): statuses only move forward,
 * and the kept one stays (`backwardStatus` tells the store to note the anomaly). A record without
 * one (Variant A's list does not show it) keeps the status learnt earlier from a single-job
 * lookup only while that can still be true: a terminal status never changes, and a record whose
 * update time is unchanged has not moved; otherwise the status is unknown again and the monitor
 * looks it up.
 */
export function mergedStatus(kept: KeptRecord | undefined, fresh: JobInfo): JobStatus | null {
  if (fresh.status) return backwardStatus(kept, fresh) ? (kept?.status ?? null) : fresh.status;
  if (!kept?.status) return null;
  if (isTerminalStatus(kept.status)) return kept.status;
  const same =
    kept.updated_at === (fresh.updated_at ?? null) &&
    kept.completed_at === (fresh.completed_at ?? null);
  return same ? kept.status : null;
}

/** The status of `fresh` when it would move the kept record back (a service anomaly), else null. */
export function backwardStatus(kept: KeptRecord | undefined, fresh: JobInfo): JobStatus | null {
  return fresh.status && movesBack(kept?.status, fresh.status) ? fresh.status : null;
}

/**
 * The service's records over the kept ones, newest id first, each with the status `mergedStatus`
 * keeps: what `mergeList` answers, computed without writing (for a store that cannot be written).
 */
export function overKept(fresh: readonly JobInfo[], kept: readonly JobInfo[]): JobInfo[] {
  const byId = new Map(kept.map((k) => [k.id, k]));
  const out = fresh.map((f) => {
    const k = byId.get(f.id);
    byId.delete(f.id);
    const status = mergedStatus(
      k && {
        status: k.status ?? null,
        updated_at: k.updated_at ?? null,
        completed_at: k.completed_at ?? null,
      },
      f,
    );
    return status === (f.status ?? null) ? f : { ...f, status };
  });
  return out.concat([...byId.values()]).sort((a, b) => b.id - a.id);
}

/** Strips the heavy fields of a detail, leaving the lightweight record the list shows. */
export function recordOf(info: JobInfo): JobInfo {
  const {
    payload: _p,
    result: _r,
    logs: _l,
    error: _e,
    error_logs: _el,
    ...record
  } = info as JobInfo & Record<string, unknown>;
  return record as JobInfo;
}

/** The Variant B `jobType` of a detail (or a record that happens to carry it). */
export function jobTypeOf(info: JobInfo): string | null {
  const value = (info as { jobType?: unknown }).jobType;
  return typeof value === 'string' ? value : null;
}
