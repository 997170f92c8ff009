import { useMemo } from 'react';
import { LineChart } from '../../ui/charts';
import type { ScheduleView } from './schedule-model';
import { scheduleSamples } from './schedule-model';

/**
 * Each coefficient over 0..T as the SDK evaluates it (loaded with uPlot, on first need). A click
 * on a coefficient's line picks it (its place in `view.curves`).
 */
export default function ScheduleChart({
  view,
  onPick,
}: {
  view: ScheduleView;
  onPick?: (curve: number) => void;
}) {
  const samples = useMemo(() => scheduleSamples(view), [view]);
  const series = useMemo(
    () => view.curves.map((c, i) => ({ label: c.label, y: samples.ys[i]! })),
    [view, samples],
  );
  return (
    <LineChart
      title="Coefficients over time"
      ariaLabel={`Schedule coefficients over time, 0 to ${view.T}: ${view.curves.map((c) => c.label).join(', ')}`}
      x={samples.x}
      series={series}
      xLabel="t"
      yLabel="coefficient"
      height={170}
      exportName="schedule"
      testId="schedule-chart"
      onSeriesClick={onPick}
    />
  );
}
