import { useMemo } from 'react';
import { LineChart } from '../../ui/charts';
import type { SweepView } from './sweep-model';

/** The sweep's values in the order they run: one marker per point (loaded with uPlot). */
export default function SweepChart({ view }: { view: SweepView }) {
  const x = useMemo(() => view.values.map((_, i) => i + 1), [view]);
  const series = useMemo(() => [{ label: view.quantity, y: view.values, markers: true }], [view]);
  return (
    <LineChart
      title="Sweep grid"
      ariaLabel={`Sweep grid of the ${view.experiment === 'rabi' ? 'Rabi' : 'T1'} experiment on qubit ${view.qubit}: ${view.values.length} points`}
      x={x}
      series={series}
      xLabel="point"
      yLabel={view.axis}
      integerX
      height={150}
      exportName={`${view.experiment}-sweep`}
      testId="sweep-chart"
    />
  );
}
