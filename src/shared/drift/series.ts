import type { DriftQuantity, DriftRun } from './experiment-run';

/** The newest runs a series shows; older ones are counted, not drawn. */
export const MAX_SERIES_POINTS = 200;

export interface DriftQuery {
  quantity: DriftQuantity;
  /** The qubit to show; default: the qubit of the newest run of that quantity. */
  qubit?: number | undefined;
  /** ISO 8601 bounds of the window, both inclusive; open when absent. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface DriftSeries {
  quantity: DriftQuantity;
  /** The qubit shown; null when there is no run of the quantity at all. */
  qubit: number | null;
  /** Every qubit with runs of this quantity (for the picker), ascending. */
  qubits: number[];
  /** The runs on that qubit in the window, oldest first, at most MAX_SERIES_POINTS. */
  points: DriftRun[];
  /** Runs in the window left out by the cap (the oldest). */
  omitted: number;
}

/** A drift series from runs of any order (the device's finished Rabi and T1 jobs). */
export function buildDriftSeries(
  runs: readonly DriftRun[],
  query: DriftQuery,
  max = MAX_SERIES_POINTS,
): DriftSeries {
  const ofQuantity = runs.filter((r) => r.quantity === query.quantity);
  const byTime = (a: DriftRun, b: DriftRun) =>
    Date.parse(a.at) - Date.parse(b.at) || a.jobId - b.jobId;
  const qubits = [...new Set(ofQuantity.flatMap((r) => (r.qubit === null ? [] : [r.qubit])))].sort(
    (a, b) => a - b,
  );
  const newest = [...ofQuantity].sort(byTime).findLast((r) => r.qubit !== null);
  const qubit = query.qubit ?? newest?.qubit ?? null;
  const from = query.from ? Date.parse(query.from) : -Infinity;
  const to = query.to ? Date.parse(query.to) : Infinity;
  const inWindow = ofQuantity
    .filter((r) => r.qubit === qubit && qubit !== null)
    .filter((r) => {
      const t = Date.parse(r.at);
      return t >= from && t <= to;
    })
    .sort(byTime);
  const omitted = Math.max(0, inWindow.length - max);
  return {
    quantity: query.quantity,
    qubit,
    qubits,
    points: inWindow.slice(omitted),
    omitted,
  };
}
