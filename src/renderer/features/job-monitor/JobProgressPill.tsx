import type { CSSProperties, ReactNode } from 'react';
import { useNow } from '../../ui/hooks/useNow';
import type { LogProgress } from '../../../shared/jobs/log-progress';
import { formatDuration } from './job-format';
import type { JobProgress } from './job-progress';
import { jobProgress, progressPercent } from './job-progress';
import type { JobRow } from '../../state/jobs/job-query';

export interface ProgressSources {
  /** The last progress line of the job's log, when its log has been read. */
  log: LogProgress | null;
  /** How long jobs on its device usually take, when enough of them are known. */
  usualMs: number | undefined;
}

/** The progress in a sentence: where it comes from and what it rests on. */
export function progressSentence(p: JobProgress, deviceName: string): string {
  if (p.kind === 'log') {
    return `${progressPercent(p)}, from the job's log${p.message ? `: ${p.message}` : ''}.`;
  }
  const late =
    p.elapsedMs > p.usualMs
      ? ' It is taking longer than usual; it ends when the service says so.'
      : '';
  return `About ${Math.floor(p.fraction * 100)} % (an estimate): created ${formatDuration(p.elapsedMs)} ago, and jobs on ${deviceName} usually take ${formatDuration(p.usualMs)} from creation to the end.${late}`;
}

/** A running job's progress as a filled pill: "42 %", "~42 %" for an estimate (ticks every second). */
export function JobProgressPill({
  job,
  sources,
  deviceName,
  fallback = null,
}: {
  job: JobRow;
  sources: ProgressSources;
  deviceName: string;
  /** Shown instead when there is no progress to show (the job is not running, or nothing is known). */
  fallback?: ReactNode;
}) {
  const now = useNow(1000);
  const p = jobProgress(job, sources.log, sources.usualMs, now);
  if (!p) return <>{fallback}</>;
  const percent = Math.floor(p.fraction * 100);
  const sentence = progressSentence(p, deviceName);
  return (
    <span
      className={`job-progress is-${p.kind}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={sentence}
      title={sentence}
      data-testid="job-progress"
      data-kind={p.kind}
      style={{ '--progress': `${percent}%` } as CSSProperties}
    >
      {progressPercent(p)}
    </span>
  );
}
