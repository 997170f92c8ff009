/**
 * Sweeps: one payload document, many values of some of its numbers, one payload per
 * combination. Pure (runs in the app's page, the core and the CLI); see docs/sweeps.md.
 */
export * from './sweep-values';
export * from './sweep-path';
export * from './sweep-spec';
export * from './numeric-nodes';
export * from './substitute';
export * from './plan-sweep';
