import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/app/store';
import { selectHasOutcome, useSubmitStore } from '../../state/submit/store';

/** What the last submit did: the job id and the service's message, with a way to the job. */
export function SubmitOutcome() {
  const outcome = useSubmitStore((s) => s.outcome);
  const error = useSubmitStore((s) => s.error);
  const dismiss = useSubmitStore((s) => s.dismissOutcome);
  const requestJob = useAppStore((s) => s.requestJob);
  const shown = useSubmitStore(selectHasOutcome);
  if (!shown) return null;
  if (error) {
    return (
      <div className="callout callout-err outcome" role="alert">
        <Icon name="error" />
        <div className="outcome-body">
          <strong>Not submitted</strong>
          <p>{error}</p>
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label="Dismiss"
          onClick={dismiss}
        >
          <Icon name="close" size={13} />
        </button>
      </div>
    );
  }
  if (!outcome) return null;
  return (
    <div className="callout callout-ok outcome" role="status" data-testid="submit-outcome">
      <Icon name="check" />
      <div className="outcome-body">
        <div className="outcome-head">
          <strong>
            Job <span data-testid="submitted-job-id">{outcome.jobId}</span> submitted
          </strong>
          <button
            type="button"
            className="btn outcome-open"
            aria-label={`Open job ${outcome.jobId}`}
            onClick={() => requestJob(outcome.jobId)}
          >
            <Icon name="jobs" />
            Open
          </button>
        </div>
        <p className="outcome-where">
          {outcome.jobName ? `“${outcome.jobName}” ` : ''}on {outcome.deviceName}
        </p>
        {outcome.message ? (
          <p className="outcome-message">
            <Icon name="info" size={13} /> The service says: {outcome.message}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        aria-label="Dismiss"
        onClick={dismiss}
      >
        <Icon name="close" size={13} />
      </button>
    </div>
  );
}
