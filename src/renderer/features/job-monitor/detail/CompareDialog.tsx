import { Suspense, useMemo, useState } from 'react';
import type { VariantId } from '../../../../shared/variants';
import { Dialog } from '../../../ui/components/Dialog';
import { StateMessage } from '../../../ui/components/States';
import type { JobRecord } from '../../../state/jobs/store';
import { useJobsStore } from '../../../state/jobs/store';
import { ViewerBoundary } from './ViewerBoundary';
import type { ResultViewers } from '../viewer-slots';

/**
 * Compare the open job with another: pick it (jobs of the same name first, typically the same
 * payload on another device), then the result viewers overlay the two results
 * (`viewers.Compare`, from the shell).
 */
export function CompareDialog({
  jobId,
  variant,
  viewers,
  onClose,
}: {
  jobId: number;
  variant: VariantId;
  viewers: ResultViewers;
  onClose: () => void;
}) {
  const records = useJobsStore((s) => s.records);
  const otherId = useJobsStore((s) => s.compareWith);
  const details = useJobsStore((s) => s.details);
  const compare = useJobsStore((s) => s.compare);
  const [typed, setTyped] = useState('');
  const mine = details[jobId]?.view ?? null;
  const suggestions = useMemo(() => suggest(records, jobId), [records, jobId]);
  const other = otherId === null ? null : (details[otherId] ?? null);

  return (
    <Dialog
      title={
        otherId === null ? `Compare job ${jobId}` : `Job ${jobId} compared with job ${otherId}`
      }
      onClose={onClose}
      width={otherId === null ? 30 : 70}
    >
      {otherId === null ? (
        <form
          className="jm-compare-pick"
          onSubmit={(e) => {
            e.preventDefault();
            if (/^\d+$/.test(typed.trim())) compare(Number(typed.trim()));
          }}
        >
          <label className="field">
            <span className="field-label">Compare with job id</span>
            <input
              className="input mono"
              inputMode="numeric"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoFocus
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={!/^\d+$/.test(typed.trim())}>
            Compare
          </button>
          {suggestions.length ? (
            <div className="jm-compare-suggest">
              <p className="field-label">Finished jobs with the same name</p>
              {suggestions.map((r) => (
                <button
                  key={r.id}
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => compare(r.id)}
                >
                  <span className="mono">{r.id}</span> {r.name}
                </button>
              ))}
            </div>
          ) : null}
        </form>
      ) : !mine || other?.status !== 'ready' || !other.view ? (
        other?.status === 'error' ? (
          <StateMessage icon="error" tone="err" title={`Job ${otherId} could not be loaded`}>
            <p>{other.error}</p>
          </StateMessage>
        ) : (
          <p aria-busy="true">Loading job {otherId}…</p>
        )
      ) : (
        <ViewerBoundary>
          <Suspense fallback={<p aria-busy="true">Loading the comparison…</p>}>
            <viewers.Compare variant={variant} left={mine.detail} right={other.view.detail} />
          </Suspense>
        </ViewerBoundary>
      )}
    </Dialog>
  );
}

function suggest(records: JobRecord[], jobId: number): JobRecord[] {
  const me = records.find((r) => r.id === jobId);
  if (!me) return [];
  return records
    .filter((r) => r.id !== jobId && r.name === me.name && r.status === 'completed')
    .slice(0, 8);
}
