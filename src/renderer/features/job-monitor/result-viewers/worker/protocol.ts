import type { ResultHints, ViewModel } from '../model/models';

/** Messages between the viewers and their decoding worker. */
export interface DecodeRequest {
  id: number;
  text: string;
  hints: ResultHints;
}

/** A model's sampling outcomes may be packed (outcome-keys.ts): `unpackOutcomes` before use. */
export type DecodeResponse =
  { id: number; ok: true; model: ViewModel } | { id: number; ok: false; error: string };
