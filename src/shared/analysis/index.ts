/**
 * Curve fits and distribution distances shared by the simulator's tests, the result viewers and
 * the core's calibration drift (experiment-analysis: s21 points → projection → fit).
 * Pure TypeScript: runs in Node and in the browser.
 */
export { levenbergMarquardt } from './levenberg-marquardt';
export type { LmOptions, LmResult, Model } from './levenberg-marquardt';
export { dominantFrequencies } from './periodogram';
export type { SpectralPeak } from './periodogram';
export { fitRabi, rabiCurve, sampleCurve } from './fit-rabi';
export type { RabiFit } from './fit-rabi';
export { fitT1, t1Curve } from './fit-t1';
export type { T1Fit } from './fit-t1';
export { projectS21 } from './project-s21';
export {
  MAX_FIT_POINTS,
  analyzeExperiment,
  binAverage,
  fittedPopulation,
  population,
} from './experiment-analysis';
export type { ExperimentAnalysis, ExperimentFit } from './experiment-analysis';
export type { IqPoint } from './project-s21';
export {
  hellingerDistance,
  hellingerFidelity,
  toProbabilities,
  totalVariationDistance,
} from './distribution-distance';
export type { Counts } from './distribution-distance';
