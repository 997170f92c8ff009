import { jobEndBody, jobEndTitle } from '../../../shared/estimates';
import type { JobStatus } from '../../../shared/variants';
import { isTerminalStatus } from '../../../shared/variants';

/** How the end of a job is told: a system notification, a notice inside the app, or not at all. */
export type JobEndNotice =
  | { kind: 'none' }
  | { kind: 'system'; title: string; body: string; tag: string }
  | { kind: 'in-app'; tone: 'ok' | 'warn'; text: string };

export interface JobEndFacts {
  profileId: string;
  jobId: number;
  to: JobStatus;
  name: string | null;
  shell: 'electron' | 'web';
  /** The page has focus. */
  focused: boolean;
  /** The person is looking at the job list (its row shows the change already). */
  watchingJobs: boolean;
  /** The browser's permission for system notifications; 'unsupported' where there are none. */
  permission: NotificationPermission | 'unsupported';
  /** Other unfinished jobs that look stuck (src/shared/estimates), told with any end. */
  stuck?: readonly number[];
}

/**
 * Whether and how a job's end is told. Only an end is news (completed, error, timeout,
 * cancelled). The desktop app's main process raises the system notification itself when the
 * window is not focused, so the page adds a notice only when the person is in the app but not
 * looking at the jobs. Browser mode raises the system notification itself when the page is not
 * focused and may do so; otherwise a notice, unless the person is looking at the job list.
 */
export function decideJobEndNotice(f: JobEndFacts): JobEndNotice {
  if (!isTerminalStatus(f.to)) return { kind: 'none' };
  const title = jobEndTitle(f.jobId, f.to);
  const body = jobEndBody(f);
  const inApp: JobEndNotice = {
    kind: 'in-app',
    tone: f.to === 'completed' ? 'ok' : 'warn',
    text: `${title}. ${body}`,
  };
  // A timeout is always told, even to someone looking at the list: the row alone is easy to miss.
  const always = f.to === 'timeout';
  if (f.shell === 'electron')
    return f.focused && (always || !f.watchingJobs) ? inApp : { kind: 'none' };
  if (!f.focused && f.permission === 'granted')
    return { kind: 'system', title, body, tag: endKey(f) };
  return always || !f.focused || !f.watchingJobs ? inApp : { kind: 'none' };
}

/** One job's one ending: the same end reported twice (an event and a reload) is told once. */
export function endKey(f: { profileId: string; jobId: number; to: JobStatus }): string {
  return `${f.profileId}:${f.jobId}:${f.to}`;
}

/** Remembers which ends were told; `first` is true only the first time a key is seen. */
export function createEndMemory(limit = 1000): { first(key: string): boolean } {
  const seen = new Set<string>();
  return {
    first(key) {
      if (seen.has(key)) return false;
      seen.add(key);
      // A long session sees many jobs end: forget the oldest, never the recent ones.
      if (seen.size > limit) seen.delete(seen.values().next().value as string);
      return true;
    },
  };
}
