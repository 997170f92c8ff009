import { useMemo, useState } from 'react';
import type { DriftQuantity } from '../../../../shared/drift';
import {
  QUANTITY_EXPERIMENT,
  QUANTITY_LABEL,
  driftSummary,
  formatRunValue,
} from '../../../../shared/drift';
import type { DriftSeriesView } from '../../../../shared/ipc/drift-schemas';
import type { Device } from '../../../../shared/variants';
import { useAppStore } from '../../../state/app/store';
import { TrendChart } from '../../../ui/charts';
import { Skeleton, StateMessage } from '../../../ui/components/States';
import { driftChartData, runLabel, runTime } from './drift-points';
import { useDriftSeries } from './use-drift-series';
import './drift.css';

const QUANTITIES: readonly DriftQuantity[] = ['t1', 'piPulse'];
const CHART_HEIGHT = 220;

/**
 * A device's calibration drift: its finished T1 or Rabi runs on one qubit over time, with the
 * fitted value ± σ, from the local job store (docs/calibration-drift.md). Each point opens its
 * job on the Result tab; two runs picked in the list open side by side in the comparison.
 */
export function CalibrationDrift({ device }: { device: Device }) {
  const [quantity, setQuantity] = useState<DriftQuantity>('t1');
  const [qubit, setQubit] = useState<number | undefined>(undefined);
  const [picked, setPicked] = useState<number[]>([]);
  const requestJob = useAppStore((s) => s.requestJob);
  const deviceId = device.id;

  const { load, reload } = useDriftSeries(deviceId, quantity, qubit);

  const view = load.status === 'error' ? null : load.view;
  const stale =
    view !== null && (view.quantity !== quantity || (qubit !== undefined && view.qubit !== qubit));
  const chart = useMemo(() => (view ? driftChartData(view) : null), [view]);
  const pickedSet = useMemo(() => new Set(picked), [picked]);

  if (deviceId === undefined) {
    return (
      <p className="muted">The service gives this device no id, so its jobs cannot be matched.</p>
    );
  }

  const label = QUANTITY_LABEL[quantity];
  const experiment = QUANTITY_EXPERIMENT[quantity];
  const togglePick = (id: number) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id].slice(-2)));
  const choose = (q: DriftQuantity) => {
    setQuantity(q);
    setQubit(undefined);
    setPicked([]);
  };

  return (
    <div
      className={stale ? 'drift is-stale' : 'drift'}
      data-testid="calibration-drift"
      aria-busy={stale || !view}
    >
      <div className="drift-controls">
        <div role="group" aria-label="Quantity" className="drift-quantities">
          {QUANTITIES.map((q) => (
            <button
              key={q}
              type="button"
              className="btn btn-ghost"
              aria-pressed={q === quantity}
              onClick={() => choose(q)}
            >
              {QUANTITY_LABEL[q]}
            </button>
          ))}
        </div>
        <label className="drift-qubit">
          <span>Qubit</span>
          <select
            className="input"
            value={view?.qubit ?? ''}
            disabled={!view || view.qubits.length === 0}
            onChange={(e) => {
              setQubit(Number(e.target.value));
              setPicked([]);
            }}
          >
            {view && view.qubits.length ? (
              view.qubits.map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))
            ) : (
              <option value="">—</option>
            )}
          </select>
        </label>
      </div>

      {load.status === 'error' ? (
        <div className="callout callout-err" role="alert">
          <span>
            The calibration history could not be read: {load.error}{' '}
            <button type="button" className="btn-link" onClick={() => reload()}>
              Try again
            </button>
          </span>
        </div>
      ) : !view ? (
        <div className="drift-placeholder" aria-busy="true" style={{ minHeight: CHART_HEIGHT }}>
          <Skeleton width="90%" />
          <span className="muted">Reading the runs kept on this computer…</span>
        </div>
      ) : view.points.length === 0 ? (
        <StateMessage icon="info" title={`No ${experiment} runs on this device yet`}>
          <p>
            Run the {experiment === 'T1' ? 'T1 relaxation' : 'Rabi oscillation'} template (Editor →
            Templates) on {device.name}: each finished run adds its fitted {label} here, so a drift
            shows over days.
          </p>
        </StateMessage>
      ) : (
        <>
          <p className="drift-summary" data-testid="drift-summary" aria-live="polite">
            {driftSummary(view)}
          </p>
          {chart && chart.points.length ? (
            <TrendChart
              title={`${label} on qubit ${view.qubit ?? '?'}`}
              ariaLabel={`${label} of qubit ${view.qubit ?? '?'} over time, ${chart.points.length} fitted runs with ± one sigma`}
              points={chart.points}
              yLabel={`${label} (${chart.unit})`}
              picked={pickedSet}
              onActivate={(id) => requestJob(id, { tab: 'result' })}
              height={CHART_HEIGHT}
              exportName={`drift-${device.code}-${quantity}-q${view.qubit ?? ''}`}
              testId="drift-chart"
            />
          ) : null}
          <DriftRuns
            view={view}
            picked={pickedSet}
            onPick={togglePick}
            onOpen={(id) => requestJob(id, { tab: 'result' })}
          />
          <div className="drift-compare">
            <button
              type="button"
              className="btn"
              disabled={picked.length !== 2}
              onClick={() => requestJob(picked[0]!, { tab: 'result', compareWith: picked[1]! })}
            >
              Compare fits
            </button>
            <span className="muted">
              {picked.length === 2
                ? `Jobs ${picked[0]} and ${picked[1]}`
                : `Pick two runs to overlay their fits (${picked.length} of 2).`}
            </span>
          </div>
          {view.omitted || view.capped || !view.persistent ? (
            <p className="muted drift-note">
              {view.omitted ? `${view.omitted} older runs are not drawn. ` : ''}
              {view.capped
                ? `Only the newest ${view.scanned} jobs of this device were looked at. `
                : ''}
              {view.persistent
                ? ''
                : 'The job store is in memory only: runs from earlier sessions are not here.'}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function DriftRuns({
  view,
  picked,
  onPick,
  onOpen,
}: {
  view: DriftSeriesView;
  picked: ReadonlySet<number>;
  onPick: (id: number) => void;
  onOpen: (id: number) => void;
}) {
  // Newest first: the latest calibration is what people look for.
  const runs = [...view.points].reverse();
  return (
    <ul className="drift-runs" aria-label="Runs, newest first">
      {runs.map((r) => (
        <li key={r.jobId} className="drift-run" data-job-id={r.jobId}>
          <input
            type="checkbox"
            checked={picked.has(r.jobId)}
            disabled={r.valueNs === null}
            onChange={() => onPick(r.jobId)}
            aria-label={`Pick job ${r.jobId} to compare`}
          />
          <button
            type="button"
            className="row-button drift-run-open"
            onClick={() => onOpen(r.jobId)}
            aria-label={runLabel(r)}
          >
            <span className="mono">#{r.jobId}</span>
            <span className="drift-run-time">{runTime(r)}</span>
            <span className={r.valueNs === null ? 'drift-run-value muted' : 'drift-run-value mono'}>
              {formatRunValue(r)}
            </span>
          </button>
          {r.reason ? <p className="drift-run-reason muted">{r.reason}</p> : null}
        </li>
      ))}
    </ul>
  );
}
