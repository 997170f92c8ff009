import { useCallback, useEffect, useRef } from 'react';
import type { JobRecord } from '../../state/jobs/store';
import { useJobsStore } from '../../state/jobs/store';

/** How often the running rows on screen read their logs again (the open job polls its own). */
const PROGRESS_EVERY_MS = 5000;
/** At most this many rows are looked up per round: a screenful of running jobs. */
const MAX_ROWS = 30;

/**
 * The running jobs on screen state their progress in their logs: they are looked up when they
 * come into view and every few seconds while they stay there and run, so a row shows the job's
 * own progress without being opened (the same progress its detail shows). Rows scrolled past
 * and jobs that are not running are never looked up.
 */
export function useProgressFill(): (rows: JobRecord[]) => void {
  const visible = useRef<number[]>([]);
  useEffect(() => {
    const timer = setInterval(() => ask(visible.current), PROGRESS_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return useCallback((rows: JobRecord[]) => {
    const running = rows.filter((r) => r.status === 'running').map((r) => r.id);
    const fresh = running.filter((id) => !visible.current.includes(id));
    visible.current = running.slice(0, MAX_ROWS);
    ask(fresh.slice(0, MAX_ROWS));
  }, []);
}

function ask(ids: number[]): void {
  const s = useJobsStore.getState();
  // The open job's detail reads its logs already, every two seconds.
  const wanted = ids.filter((id) => id !== s.openId);
  if (wanted.length) s.fillProgress(wanted);
}
