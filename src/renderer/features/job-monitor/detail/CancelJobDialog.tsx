import { useEffect, useRef, useState } from 'react';
import { cancelPathOf } from '../../../../shared/jobs/cancel-support';
import { Dialog } from '../../../ui/components/Dialog';
import { describeError } from '../../../services/errors';
import { selectActiveProfile, useConnectionStore } from '../../../state/connection/store';
import type { JobRecord } from '../../../state/jobs/store';
import { useJobsStore } from '../../../state/jobs/store';
import { statusLabel } from '../table/status-look';
import { showBidiControls } from '../../../../shared/text/bidi';

/** Whether the active connection can cancel jobs (the simulator, or a profile naming an endpoint). */
export function useCanCancel(): boolean {
  return useConnectionStore((c) => {
    const profile = selectActiveProfile(c);
    return profile !== null && cancelPathOf(profile) !== null;
  });
}

/**
 * "Cancel job 12?" with the safe answer focused: Enter or Escape keeps the job. The job's
 * `cancelled` status arrives like any other change once the service has stopped it.
 */
export function CancelJobDialog({
  job,
  deviceName,
  onClose,
}: {
  job: Pick<JobRecord, 'id' | 'name' | 'status' | 'device_id'>;
  deviceName: (id: number) => string;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  // After the dialog has opened (its effect runs first): showModal focuses its first button,
  // the ×, and an autoFocus made before it opened does not hold.
  useEffect(() => keep.current?.focus(), []);
  const name = job.name.trim() ? `“${showBidiControls(job.name.trim())}”` : `Job ${job.id}`;
  const status = job.status ? statusLabel(job.status).toLowerCase() : 'not finished';

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await useJobsStore.getState().cancel(job.id);
      onClose();
    } catch (e) {
      setError(describeError(e, `cancel job ${job.id}`).detail);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={`Cancel job ${job.id}?`}
      onClose={onClose}
      width={30}
      footer={
        <>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() => void confirm()}
          >
            {busy ? 'Cancelling…' : 'Cancel the job'}
          </button>
          {/* The safe answer has the focus: Enter right away keeps the job. */}
          <button ref={keep} type="button" className="btn" onClick={onClose}>
            Keep it
          </button>
        </>
      }
    >
      <p data-testid="cancel-question">
        {name} is {status} on {deviceName(job.device_id)}. Cancelling stops it there: it will not
        finish and gives no result. This cannot be undone.
      </p>
      {error ? (
        <p className="callout callout-err" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
