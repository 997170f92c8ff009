import type { JobStatus } from '../variants';
import { JOB_STATUS_MEANING } from '../variants';

/** What the end of a timed-out job means for the person: a final state some clients forget. */
export const TIMEOUT_ADVICE =
  'The service gave up on it and nothing more will come; run it again, or check its device and logs.';

/** " Jobs #12 and #14 look stuck: open them for what to do." (empty for none) */
export function stuckNote(ids: readonly number[]): string {
  if (ids.length === 0) return '';
  const shown = ids.slice(0, 3).map((id) => `#${id}`);
  const list =
    ids.length > 3
      ? `${shown.join(', ')} and ${ids.length - 3} more`
      : shown.length > 1
        ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
        : shown[0];
  return ` Job${ids.length === 1 ? '' : 's'} ${list} look${ids.length === 1 ? 's' : ''} stuck: open ${ids.length === 1 ? 'it' : 'them'} for what to do.`;
}

const ENDED: Partial<Record<JobStatus, string>> = {
  completed: 'completed',
  error: 'failed',
  cancelled: 'was cancelled',
  timeout: 'timed out',
};

/** "Job 7 failed": the title of a job's end, a verb for every final status (not "Job 7 error"). */
export function jobEndTitle(jobId: number, to: JobStatus): string {
  return `Job ${jobId} ${ENDED[to] ?? `is ${to}`}`;
}

/**
 * The sentence that tells a job's end, the same in the desktop's system notification, browser
 * mode's and the in-app notice: its name and what the status means, what to do after a
 * time-out, and which other unfinished jobs look stuck (the ended job itself left out).
 */
export function jobEndBody(f: {
  jobId: number;
  to: JobStatus;
  name: string | null;
  stuck?: readonly number[] | undefined;
}): string {
  const meaning = JOB_STATUS_MEANING[f.to];
  // Without a name the meaning starts the sentence.
  const head = f.name
    ? `${f.name}: ${meaning}`
    : meaning.charAt(0).toUpperCase() + meaning.slice(1);
  const advice = f.to === 'timeout' ? ` ${TIMEOUT_ADVICE}` : '';
  return `${head}.${advice}${stuckNote((f.stuck ?? []).filter((id) => id !== f.jobId))}`;
}
