import { Suspense, lazy, useDeferredValue, useMemo, useState } from 'react';
import { selectActiveTab, useEditorStore } from '../../state/editor/store';
import type { ScheduleView } from './schedule-model';
import { scheduleViewOf } from './schedule-model';
import './payload-views.css';

// The chart brings uPlot: load it when a schedule is first shown, not with the editor.
const ScheduleChart = lazy(() => import('./ScheduleChart'));

/**
 * Below the editor, for a time evolution (B) or analog evolution (A) payload: each schedule
 * coefficient plotted over time as the SDK evaluates it, the Hamiltonian of each, term by
 * term, and the observables, marked where a term is measured. Nothing for other payloads.
 */
export function SchedulePanel() {
  const tab = useEditorStore(selectActiveTab);
  const variant = useEditorStore((s) => s.variant);
  const text = useDeferredValue(tab?.text ?? '');
  const read = useMemo(() => scheduleViewOf(variant, text), [variant, text]);
  const [open, setOpen] = useState(true);
  const [last, setLast] = useState<ScheduleView | null>(null);
  if (read.kind === 'view' && read.view !== last) setLast(read.view);
  // While the text does not read, the last schedule stays (greyed), so nothing jumps.
  const view = read.kind === 'view' ? read.view : read.kind === 'invalid' ? last : null;
  if (!view) return null;
  return (
    <section
      className={`pv-schedule${open ? ' is-open' : ''}`}
      aria-label="Schedule and Hamiltonians"
    >
      <button
        type="button"
        className="pv-schedule-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'} </span>
        Schedule · T = {view.T}, dt = {view.dt} · {view.curves.length} coefficient
        {view.curves.length === 1 ? '' : 's'}
      </button>
      {open ? (
        <div className={`pv-schedule-body${read.kind === 'invalid' ? ' is-stale' : ''}`}>
          {read.kind === 'invalid' ? (
            <p className="pv-note" role="status">
              {read.reason}
            </p>
          ) : null}
          <div className="pv-schedule-chart">
            <Suspense fallback={<div className="pv-chart-slot" aria-busy="true" />}>
              <ScheduleChart view={view} />
            </Suspense>
          </div>
          <HamiltonianList view={view} />
        </div>
      ) : null}
    </section>
  );
}

function HamiltonianList({ view }: { view: ScheduleView }) {
  return (
    <div className="pv-hamiltonians" data-testid="hamiltonian-list">
      {view.curves.map((c) => (
        <div key={c.label} className="pv-hamiltonian">
          <h4>
            {c.label} <span className="pv-muted">({c.interpolation})</span>
          </h4>
          <ul>
            {c.terms.map((t, i) => (
              <li key={i}>
                <span className="mono">{t.coefficient}</span> ·{' '}
                <span className="mono">{t.factors}</span>
                {t.observed ? (
                  <span className="pv-observed" title="An observable of this job measures it">
                    observed
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="pv-hamiltonian">
        <h4>Observables</h4>
        {view.observables.length > 0 ? (
          <ul>
            {view.observables.map((o, i) => (
              <li key={i} className="mono">
                {o}
              </li>
            ))}
          </ul>
        ) : (
          <p className="pv-muted">None: this job measures no expectation value.</p>
        )}
      </div>
    </div>
  );
}
