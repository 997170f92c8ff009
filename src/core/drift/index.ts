export { DriftService, SCAN_DETAILS } from './drift-service';
export type { DriftAnswer } from './drift-service';
