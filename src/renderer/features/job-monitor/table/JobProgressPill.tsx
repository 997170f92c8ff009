import type { CSSProperties } from 'react';
import type { JobProgress } from './job-progress';
import { progressPercent, progressSentence } from './job-progress';

/** A running job's progress as a filled pill: "42 %", "~42 %" for an estimate. */
export function JobProgressPill({ p, deviceName }: { p: JobProgress; deviceName: string }) {
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
