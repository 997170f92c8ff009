import { Icon } from '../../components/Icon';
import { CloseButton } from '../../components/CloseButton';
import { useAppStore } from '../../state/app/store';
import { useShallow } from 'zustand/react/shallow';
import { selectOutcomeFor, useSubmitStore } from '../../state/submit/store';

/**
 * What the last submit of this tab did: the job id and the service's message, with a way to
 * the job. Another tab's submit is not shown here: it would crowd the device list with news
 * about a different payload.
 */
export function SubmitOutcome({ tabId }: { tabId: string | null }) {
  const { outcome, error } = useSubmitStore(useShallow(selectOutcomeFor(tabId)));
  const dismiss = useSubmitStore((s) => s.dismissOutcome);
  const requestJob = useAppStore((s) => s.requestJob);
  if (error) {
    return (
      <div className="callout callout-err outcome" role="alert">
        <Icon name="error" />
        <div className="outcome-body">
          <strong>Not submitted</strong>
          <p>{error.text}</p>
        </div>
        <CloseButton label="Dismiss" size={13} onClick={dismiss} />
      </div>
    );
  }
  if (!outcome) return null;
  const where = `${outcome.jobName ? `“${outcome.jobName}” ` : ''}on ${outcome.deviceName}`;
  return (
    <div className="callout callout-ok outcome" role="status" data-testid="submit-outcome">
      <Icon name="check" />
      <div className="outcome-body">
        {/* The heading is the way to the job: two short lines, however narrow the panel. */}
        <button
          type="button"
          className="outcome-open"
          aria-label={`Open job ${outcome.jobId}`}
          title={`Open job ${outcome.jobId} in the job monitor`}
          onClick={() => requestJob(outcome.jobId)}
        >
          Job <span data-testid="submitted-job-id">{outcome.jobId}</span> submitted
          <Icon name="chevronRight" size={13} />
        </button>
        <span className="outcome-where" title={where}>
          {where}
        </span>
        {outcome.message ? (
          <p className="outcome-message">
            <Icon name="info" size={13} /> The service says: {outcome.message}
          </p>
        ) : null}
      </div>
      <CloseButton label="Dismiss" size={13} onClick={dismiss} />
    </div>
  );
}
