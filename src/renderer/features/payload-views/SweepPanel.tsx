import { Suspense, lazy, useDeferredValue, useMemo } from 'react';
import { selectActiveTab, useEditorStore } from '../../state/editor/store';
import { sweepSummary, sweepViewOf } from './sweep-model';
import { ViewSection } from './ViewSection';

const SweepChart = lazy(() => import('./SweepChart'));

/** Below the editor, for a Rabi or T1 experiment: its sweep grid as a small plot. */
export function SweepPanel() {
  const tab = useEditorStore(selectActiveTab);
  const variant = useEditorStore((s) => s.variant);
  const text = useDeferredValue(tab?.text ?? '');
  const view = useMemo(() => sweepViewOf(variant, text), [variant, text]);
  if (!view) return null;
  return (
    <ViewSection
      label="Experiment sweep"
      heading={`Sweep · ${view.experiment === 'rabi' ? 'Rabi' : 'T1'} on qubit ${view.qubit} · ${sweepSummary(view)}`}
    >
      <div className="pv-sweep-body">
        <Suspense fallback={<div className="pv-chart-slot" aria-busy="true" />}>
          <SweepChart view={view} />
        </Suspense>
      </div>
    </ViewSection>
  );
}
