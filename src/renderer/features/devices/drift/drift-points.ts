import type { DriftRun } from '../../../../shared/drift';
import { QUANTITY_LABEL, formatRunValue } from '../../../../shared/drift';
import type { DriftSeriesView } from '../../../../shared/ipc/drift-schemas';
import { sweepUnit } from '../../../../shared/results/format';

/** A series' fitted runs as chart points, in the one unit that reads best for all of them. */
export function driftChartData(view: DriftSeriesView): {
  unit: string;
  points: Array<{ key: number; t: number; y: number; err: number | null; label: string }>;
} {
  const fitted = view.points.filter((r): r is DriftRun & { valueNs: number } => r.valueNs !== null);
  const { unit, scale } = sweepUnit(fitted.map((r) => r.valueNs));
  return {
    unit,
    points: fitted.map((r) => ({
      key: r.jobId,
      t: Date.parse(r.at),
      y: r.valueNs / scale,
      err: r.sigmaNs === null ? null : r.sigmaNs / scale,
      label: runLabel(r),
    })),
  };
}

/** When a run ran, to the second (runs can be a minute apart). */
export function runTime(r: DriftRun): string {
  const d = new Date(r.at);
  return Number.isNaN(d.getTime())
    ? r.at
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** "Job 12 (t1 run), Nov 25, 2026, 2:01:07 PM: T1 24.10 ± 0.80 µs. Opens the job." */
export function runLabel(r: DriftRun): string {
  const name = r.name ? ` (${r.name})` : '';
  return `Job ${r.jobId}${name}, ${runTime(r)}: ${QUANTITY_LABEL[r.quantity]} ${formatRunValue(r)}. Opens the job.`;
}
