import { Suspense, lazy, useDeferredValue, useMemo, useState } from 'react';
import { useCaretStore } from '../../state/editor/caret';
import { selectActiveTab, useEditorStore } from '../../state/editor/store';
import type { ScheduleCurve, ScheduleView } from './schedule-model';
import { scheduleViewOf } from './schedule-model';
import { ViewSection } from './ViewSection';

// The chart brings uPlot: load it when a schedule is first shown, not with the editor.
const ScheduleChart = lazy(() => import('./ScheduleChart'));

/**
 * Below the editor, for a time evolution (B) or analog evolution (A) payload: each schedule
 * coefficient plotted over time as the SDK evaluates it, the Hamiltonian of each, term by
 * term, and the observables, marked where a term is measured. Nothing for other payloads.
 * A coefficient's line in the chart, or its name in the list, selects its lines in the editor
 * (as a gate of the circuit diagram does, through the caret store).
 */
export function SchedulePanel() {
  const tab = useEditorStore(selectActiveTab);
  const variant = useEditorStore((s) => s.variant);
  const text = useDeferredValue(tab?.text ?? '');
  const read = useMemo(() => scheduleViewOf(variant, text), [variant, text]);
  const tabId = tab?.id ?? null;
  const selectLines = useCaretStore((s) => s.selectLines);
  const [last, setLast] = useState<{ tabId: string | null; view: ScheduleView } | null>(null);
  if (read.kind === 'view' && (read.view !== last?.view || tabId !== last.tabId))
    setLast({ tabId, view: read.view });
  // While the tab's text does not read, its last schedule stays (greyed), so nothing jumps.
  const stale = read.kind === 'invalid' && last?.tabId === tabId ? last.view : null;
  const view = read.kind === 'view' ? read.view : stale;
  if (!view) return null;
  const goTo = (curve: ScheduleCurve | undefined) => {
    if (curve?.lines) selectLines(curve.lines.line, curve.lines.endLine);
  };
  return (
    <ViewSection
      label="Schedule and Hamiltonians"
      heading={`Schedule · T = ${view.T}, dt = ${view.dt} · ${view.curves.length} coefficient${view.curves.length === 1 ? '' : 's'}`}
    >
      <div className={`pv-schedule-body${read.kind === 'invalid' ? ' is-stale' : ''}`}>
        {read.kind === 'invalid' ? (
          <p className="pv-note" role="status">
            {read.reason}
          </p>
        ) : null}
        <div className="pv-schedule-chart">
          <Suspense fallback={<div className="pv-chart-slot" aria-busy="true" />}>
            <ScheduleChart view={view} onPick={(i) => goTo(view.curves[i])} />
          </Suspense>
        </div>
        <HamiltonianList view={view} onChoose={goTo} />
      </div>
    </ViewSection>
  );
}

function HamiltonianList({
  view,
  onChoose,
}: {
  view: ScheduleView;
  onChoose: (curve: ScheduleCurve) => void;
}) {
  return (
    <div className="pv-hamiltonians" data-testid="hamiltonian-list">
      {view.curves.map((c) => (
        <div key={c.label} className="pv-hamiltonian">
          <h4>
            {c.lines ? (
              <button
                type="button"
                className="pv-curve-link"
                title={`Select its coefficient in the editor (line ${c.lines.line})`}
                aria-label={`${c.label}: select its coefficient in the editor, line ${c.lines.line}`}
                onClick={() => onChoose(c)}
              >
                {c.label}
              </button>
            ) : (
              c.label
            )}{' '}
            <span className="pv-muted">({c.interpolation})</span>
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
