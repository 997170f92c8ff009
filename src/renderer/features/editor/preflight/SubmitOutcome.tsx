import { Icon } from '../../../ui/components/Icon';
import { CloseButton } from '../../../ui/components/CloseButton';
import type { DeviceStatus } from '../../../../shared/variants';
import { useAppStore } from '../../../state/app/store';
import { useConnectionStore } from '../../../state/connection/store';
import { useDevicesStore } from '../../../state/devices/store';
import { selectOutcomeFor, useSubmitStore } from '../../../state/submit/store';

/**
 * The service's notice on a job sent to a device in maintenance (or offline) is about that
 * device: once the device list shows it online again, the notice is out of date.
 */
function backOnline(outcome: { deviceStatus: DeviceStatus }, now: DeviceStatus | null): boolean {
  return outcome.deviceStatus !== 'online' && now === 'online';
}

/**
 * What the last submit of this tab did: the job id and the service's message, with a way to
 * the job. Another tab's submit is not shown here: it would crowd the device list with news
 * about a different payload; nor is one to another connection, whose job ids mean other jobs.
 */
export function SubmitOutcome({ tabId }: { tabId: string | null }) {
  const profileId = useConnectionStore((s) => s.activeId);
  const { outcome, error } = useSubmitStore(selectOutcomeFor(tabId, profileId));
  const deviceNow = useDevicesStore(
    (s) => s.devices.find((d) => d.code === outcome?.deviceCode)?.status ?? null,
  );
  const dismissOutcome = useSubmitStore((s) => s.dismissOutcome);
  const dismiss = () => tabId && profileId && dismissOutcome(tabId, profileId);
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
          {/* One piece of text: it wraps between its words, never inside one. */}
          <span className="outcome-open-text">
            Job <span data-testid="submitted-job-id">{outcome.jobId}</span> submitted
          </span>
          <Icon name="chevronRight" size={13} />
        </button>
        <span className="outcome-where" title={where}>
          {where}
        </span>
        {outcome.message && !backOnline(outcome, deviceNow) ? (
          <p className="outcome-message">
            <Icon name="info" size={13} /> The service says: {outcome.message}
          </p>
        ) : null}
      </div>
      <CloseButton label="Dismiss" size={13} onClick={dismiss} />
    </div>
  );
}
