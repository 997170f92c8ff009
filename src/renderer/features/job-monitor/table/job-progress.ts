import type { RemainingEstimate } from '../../../../shared/estimates';
import { roughDuration } from '../../../../shared/estimates';
import type { LogProgress } from '../../../../shared/jobs/log-progress';
import type { JobRow } from '../../../state/jobs/job-query';
import type { JobWhen } from './job-eta';

/**
 * How far a running job is, from one source for the row and the detail alike: the job's own
 * log when it states its progress (the monitor reads the logs of the running jobs on screen),
 * else an estimate from the finished jobs of its device that had run at least as long (the
 * core's duration model, src/shared/estimates), else nothing. Never a guess without the
 * history it rests on.
 */
export type JobProgress =
  | { kind: 'log'; fraction: number; message: string }
  | { kind: 'estimate'; fraction: number; elapsedMs: number; estimate: RemainingEstimate };

/** An estimate never claims the end: only the job's own status says it is over. */
const ESTIMATE_CAP = 0.99;

/** A running job's progress, or null when it is not running or nothing can be said. */
export function jobProgress(
  row: Pick<JobRow, 'status'>,
  log: LogProgress | null,
  when: JobWhen | null,
): JobProgress | null {
  if (row.status !== 'running') return null;
  if (log) return { kind: 'log', fraction: log.fraction, message: log.message };
  const estimate = when?.estimate;
  if (!when || estimate?.kind !== 'estimate' || estimate.phase !== 'running') return null;
  const total = when.elapsedMs + Math.max(0, estimate.medianMs);
  return {
    kind: 'estimate',
    fraction: total > 0 ? Math.min(ESTIMATE_CAP, when.elapsedMs / total) : 0,
    elapsedMs: when.elapsedMs,
    estimate,
  };
}

/** "42 %", or "~42 %" for an estimate. */
export function progressPercent(p: JobProgress): string {
  const percent = Math.floor(p.fraction * 100);
  return `${p.kind === 'estimate' ? '~' : ''}${percent} %`;
}

/** The progress in a sentence: where it comes from and what it rests on. */
export function progressSentence(p: JobProgress, deviceName: string): string {
  if (p.kind === 'log') {
    return `${progressPercent(p)}, from the job's log${p.message ? `: ${p.message}` : ''}.`;
  }
  const e = p.estimate;
  const jobs = `${e.basis} ${e.jobType ? `${e.jobType} ` : ''}job${e.basis === 1 ? '' : 's'}`;
  return `About ${Math.floor(p.fraction * 100)} % (an estimate from other jobs): running for ${roughDuration(p.elapsedMs)}, and the ${jobs} on ${deviceName} that ran at least as long ended ≈ ${roughDuration(e.medianMs)} later (p90 ${roughDuration(e.highMs)}).`;
}
