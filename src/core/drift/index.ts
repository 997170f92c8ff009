export { DriftService, MAX_REMEMBERED, SCAN_DETAILS } from './drift-service';
export type { DriftAnswer } from './drift-service';
