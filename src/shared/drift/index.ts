/** Calibration drift: finished Rabi and T1 jobs as a series per device and qubit (docs/calibration-drift.md). */
export { DRIFT_QUANTITIES, driftRunOf } from './experiment-run';
export type { DriftQuantity, DriftRun } from './experiment-run';
export { MAX_SERIES_POINTS, buildDriftSeries } from './series';
export type { DriftQuery, DriftSeries } from './series';
export {
  DRIFT_SIGMAS,
  QUANTITY_EXPERIMENT,
  QUANTITY_LABEL,
  changeInSigmas,
  driftSummary,
  formatRunValue,
} from './summary';
