import type { ReactNode } from 'react';
import {
  estimateSentence,
  roughDuration,
  stuckAdvice,
  stuckSentence,
} from '../../../shared/estimates';
import { useNow } from '../../ui/hooks/useNow';
import { useEstimatesStore } from '../../state/estimates/store';
import type { JobRow } from '../../state/jobs/job-query';
import { jobWhen } from './job-eta';
import { useCanCancel } from './CancelJobDialog';

/**
 * The table's word on when an unfinished job ends: "⚠ stuck?" when it looks stuck; otherwise
 * what `withProgress` shows (a running job's progress pill), which falls back to "≈ 2 min" (the
 * median time still to go; the p90 and what it rests on on hover and for screen readers), or to
 * `age` when there is no estimate.
 */
export function JobEtaCell({
  job,
  deviceName,
  age,
  withProgress,
}: {
  job: JobRow;
  deviceName: string;
  age: ReactNode;
  withProgress: (fallback: ReactNode) => ReactNode;
}) {
  const view = useEstimatesStore((s) => s.view);
  const now = useNow(1000);
  const when = jobWhen(view, job, now);
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
  if (when?.estimate.kind !== 'estimate') return <>{withProgress(age)}</>;
  const text = estimateSentence(when.estimate, deviceName);
  return (
    <>
      {withProgress(
        <span className="job-eta" title={text} aria-label={text} data-testid="job-eta">
          ≈ {roughDuration(when.estimate.medianMs)}
        </span>,
      )}
    </>
  );
}

/** The detail's estimate and stuck notice, with what to do about a stuck job. */
export function JobEtaDetail({ job, deviceName }: { job: JobRow; deviceName: string }) {
  const view = useEstimatesStore((s) => s.view);
  const canCancel = useCanCancel();
  const now = useNow(1000);
  const when = jobWhen(view, job, now);
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
