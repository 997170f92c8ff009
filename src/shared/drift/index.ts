/** Calibration drift: finished Rabi and T1 jobs as a series per device and qubit (docs/calibration-drift.md). */
export { DRIFT_QUANTITIES, driftRunOf } from './experiment-run';
export type { DriftQuantity, DriftRun } from './experiment-run';
export { MAX_SERIES_POINTS, buildDriftSeries } from './series';
export type { DriftQuery, DriftSeries } from './series';
export { QUANTITY_EXPERIMENT, QUANTITY_LABEL, driftSummary, formatRunValue } from './summary';
