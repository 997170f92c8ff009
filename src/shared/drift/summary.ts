import { roughDuration } from '../estimates/format';
import { formatNsWithError } from '../results/format';
import type { DriftQuantity, DriftRun } from './experiment-run';
import type { DriftSeries } from './series';

export const QUANTITY_LABEL: Record<DriftQuantity, string> = { piPulse: 'π-pulse', t1: 'T1' };
/** The experiment that measures each quantity, as people name it. */
export const QUANTITY_EXPERIMENT: Record<DriftQuantity, string> = { piPulse: 'Rabi', t1: 'T1' };

/** A change this many combined sigmas from zero is beyond what the uncertainties explain. */
const DRIFT_SIGMAS = 3;

type Fitted = DriftRun & { valueNs: number };

const fitted = (r: DriftRun): r is Fitted => r.valueNs !== null;

export function formatRunValue(r: DriftRun): string {
  return r.valueNs === null ? 'no fit' : formatNsWithError(r.valueNs, r.sigmaNs);
}

/** How far the last fitted run is from the first, in combined sigmas (null without both sigmas). */
function changeInSigmas(first: DriftRun, last: DriftRun): number | null {
  if (first.valueNs === null || last.valueNs === null) return null;
  if (first.sigmaNs === null || last.sigmaNs === null) return null;
  const combined = Math.hypot(first.sigmaNs, last.sigmaNs);
  return combined > 0 ? Math.abs(last.valueNs - first.valueNs) / combined : null;
}

/**
 * The series in one sentence, so a drift is read and not only seen: "T1 on qubit 0: 5 runs over
 * 2 h, from 24.1 ± 0.8 µs to 18.2 ± 0.6 µs (−24 %, 5.4 σ: beyond the uncertainties)".
 */
export function driftSummary(series: DriftSeries): string {
  const what = `${QUANTITY_LABEL[series.quantity]} on qubit ${series.qubit ?? '?'}`;
  const runs = series.points;
  if (runs.length === 0) return `${what}: no runs in this window.`;
  const fits = runs.filter(fitted);
  const unfitted = runs.length - fits.length;
  const noFit = unfitted ? ` (${unfitted} without a fit)` : '';
  const count = `${runs.length} run${runs.length === 1 ? '' : 's'}`;
  const span = Date.parse(runs[runs.length - 1]!.at) - Date.parse(runs[0]!.at);
  const over = runs.length > 1 ? ` over ${roughDuration(span)}` : '';
  const first = fits[0];
  const last = fits[fits.length - 1];
  if (!first || !last) return `${what}: ${count}${over}, none with a fit.`;
  if (first === last) return `${what}: ${count}${over}${noFit}, ${formatRunValue(first)}.`;
  const pct = ((last.valueNs - first.valueNs) / first.valueNs) * 100;
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '±';
  const sigmas = changeInSigmas(first, last);
  const verdict =
    sigmas === null
      ? ''
      : `, ${sigmas.toFixed(1)} σ: ${sigmas >= DRIFT_SIGMAS ? 'beyond' : 'within'} the uncertainties`;
  return (
    `${what}: ${count}${over}${noFit}, from ${formatRunValue(first)} to ${formatRunValue(last)} ` +
    `(${sign}${Math.abs(pct).toFixed(Math.abs(pct) < 10 ? 1 : 0)} %${verdict}).`
  );
}
