import type { ReactNode } from 'react';
import {
  estimateSentence,
  roughDuration,
  stuckAdvice,
  stuckSentence,
} from '../../../../shared/estimates';
import type { LogProgress } from '../../../../shared/jobs/log-progress';
import { useNow } from '../../../ui/hooks/useNow';
import { useEstimatesStore } from '../../../state/estimates/store';
import type { JobRow } from '../../../state/jobs/job-query';
import type { JobWhen } from './job-eta';
import { jobWhen } from './job-eta';
import type { JobProgress } from './job-progress';
import { jobProgress, progressPercent } from './job-progress';
import { JobProgressPill } from './JobProgressPill';
import { useCanCancel } from '../detail/CancelJobDialog';

/**
 * A job's progress and the estimate of its end at this second, from the one pair of sources the
 * row, the detail's pill and the summary all read: the job's own log, the core's duration model.
 */
export function useJobProgress(
  job: JobRow,
  log: LogProgress | null,
): { progress: JobProgress | null; when: JobWhen | null; now: number } {
  const view = useEstimatesStore((s) => s.view);
  const now = useNow(1000);
  const when = jobWhen(view, job, now);
  return { progress: jobProgress(job, log, when), when, now };
}

/**
 * The table's word on an unfinished job: its progress from its own log; "⚠ stuck?" when its
 * device's history says so (and the job states no progress of its own); an estimated progress
 * ("~42 %") while it runs, "≈ 2 min" (the median time still to go) while it waits, each with
 * what it rests on on hover; or `age` when nothing can be said.
 */
export function JobProgressCell({
  job,
  log,
  deviceName,
  age,
}: {
  job: JobRow;
  log: LogProgress | null;
  deviceName: string;
  age: ReactNode;
}) {
  const { progress, when } = useJobProgress(job, log);
  if (progress?.kind === 'log') return <JobProgressPill p={progress} deviceName={deviceName} />;
  if (when?.stuck) {
    const text = `${stuckSentence(when.stuck, deviceName)} Open the job for what to do.`;
    return (
      <span
        className="badge badge-warn job-stuck"
        title={text}
        aria-label={text}
        data-testid="job-stuck"
      >
        ⚠ stuck?
      </span>
    );
  }
  if (progress) return <JobProgressPill p={progress} deviceName={deviceName} />;
  if (when?.estimate.kind !== 'estimate') return <>{age}</>;
  const text = estimateSentence(when.estimate, deviceName);
  return (
    <span className="job-eta" title={text} aria-label={text} data-testid="job-eta">
      ≈ {roughDuration(when.estimate.medianMs)}
    </span>
  );
}

/** The detail's estimate and stuck notice, with what to do about a stuck job. */
export function JobEtaDetail({
  job,
  log,
  deviceName,
}: {
  job: JobRow;
  log: LogProgress | null;
  deviceName: string;
}) {
  const canCancel = useCanCancel();
  const { progress, when, now } = useJobProgress(job, log);
  if (progress?.kind === 'log') {
    return (
      <span className="jm-eta" data-testid="summary-eta">
        The job states its own progress ({progressPercent(progress)}, from its log); no end time is
        guessed from other jobs while it does.
      </span>
    );
  }
  if (!when) {
    return <span className="muted">Not known yet: the app has not read the job history.</span>;
  }
  return (
    <span
      className="jm-eta"
      data-testid="summary-eta"
      // The whole duration it predicts (age plus the median still to go), for tests.
      data-predicted-ms={
        when.estimate.kind === 'estimate'
          ? Math.round(now - Date.parse(job.created_at) + when.estimate.medianMs)
          : undefined
      }
    >
      <span>{estimateSentence(when.estimate, deviceName)}</span>
      {when.stuck ? (
        <span className="callout callout-warn jm-stuck" role="status" data-testid="summary-stuck">
          {stuckSentence(when.stuck, deviceName)} {stuckAdvice(deviceName, canCancel)}
        </span>
      ) : null}
    </span>
  );
}

/** The detail's pill: the same progress as the job's row, or nothing while none is known. */
export function JobProgressBadge({
  job,
  log,
  deviceName,
}: {
  job: JobRow;
  log: LogProgress | null;
  deviceName: string;
}) {
  const { progress } = useJobProgress(job, log);
  return progress ? <JobProgressPill p={progress} deviceName={deviceName} /> : null;
}
