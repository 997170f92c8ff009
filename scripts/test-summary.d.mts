// Types for scripts/test-summary.mjs (imported by its unit test).
export interface Counts {
  passed: number;
  failed: number;
  keychainSkipped: number;
}
export function summaryLine(
  passed: number,
  failed: number,
  keychainSkipped: number,
  problem: string | null,
): string;
export function readCounts(report: { kind: 'vitest' | 'playwright'; file: string }): Counts | null;
export function countsOf(kind: 'vitest' | 'playwright', json: unknown): Counts;
export function countKeychainSkipped(json: unknown): number;
