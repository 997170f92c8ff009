import { useCallback, useEffect, useRef } from 'react';
import type { JobRecord } from '../../state/jobs/store';
import { useJobsStore } from '../../state/jobs/store';

const SETTLE_MS = 300;

/**
 * Variant A's job records may lack `status`. The rows on screen get it from the cheap per-job
 * lookup once scrolling pauses (the store runs at most a few lookups at a time); rows scrolled
 * past are never looked up.
 */
export function useStatusFill(): (rows: JobRecord[]) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback((rows: JobRecord[]) => {
    if (timer.current) clearTimeout(timer.current);
    const missing = rows.filter((r) => !r.status).map((r) => r.id);
    if (missing.length === 0) return;
    timer.current = setTimeout(() => useJobsStore.getState().fillStatuses(missing), SETTLE_MS);
  }, []);
}
