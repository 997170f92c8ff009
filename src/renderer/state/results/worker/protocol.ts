import type { ResultHints } from '../models';

/**
 * What the viewers send their decoding worker; it replies with a `ViewModel` whose sampling
 * outcomes are packed (outcome-keys.ts), which the client unpacks before use.
 */
export interface DecodeInput {
  text: string;
  hints: ResultHints;
}
