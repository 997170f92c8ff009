import { useCallback, useEffect, useRef } from 'react';
import type { JobRecord } from '../../state/jobs/store';
import { useJobsStore } from '../../state/jobs/store';
import { jobTypeText } from '../../state/jobs/job-query';

const SETTLE_MS = 300;

/**
 * What a job list may not carry: Variant A's records may lack `status`, Variant B's lack the
 * `jobType` only a detail has (`withJobType`). The rows on screen get them from a per-job lookup
 * once scrolling pauses (the store runs at most a few lookups at a time, and keeps what it
 * learns for the next start); rows scrolled past are never looked up.
 */
export function useStatusFill(withJobType: boolean): (rows: JobRecord[]) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (rows: JobRecord[]) => {
      if (timer.current) clearTimeout(timer.current);
      const missing = rows
        .filter((r) => !r.status || (withJobType && jobTypeText(r) === null))
        .map((r) => r.id);
      if (missing.length === 0) return;
      timer.current = setTimeout(
        () => useJobsStore.getState().fillStatuses(missing, withJobType),
        SETTLE_MS,
      );
    },
    [withJobType],
  );
}
