import type { SdkMap, SdkNode } from '../../node';
import { sdkFloat, sdkInt, sdkMap, sdkNull } from '../../node';
import type { DenseState } from '../../results/data';
import { floatListNode } from '../../results/data';
import { qtensor } from './qtensor';

/*
 * qilisdk 0.2.x `readout/readout_result.py`: one result per readout method, and the frozen
 * dataclass `ReadoutCompositeResults(sampling, expectation_values, state_tomography)` that holds
 * them (public fields, None for a readout not asked for).
 */

/** Bitstring → count (or probability), in the order the backend produced them. */
export type BitstringTable = ReadonlyArray<readonly [string, number]>;

/**
 * `!SamplingReadoutResult {_samples, _probabilities}`. With some qubits measured and
 * `expand_samples` (the default), the backend writes `_` for the unmeasured qubits in the
 * sample keys only (`from_samples`: the probabilities are computed before the keys are
 * expanded), so the two tables may have different keys: both are given as they are.
 */
export function samplingReadoutResult(
  samples: BitstringTable,
  probabilities: BitstringTable,
): SdkMap {
  return sdkMap(
    [
      ['_samples', sdkMap(samples.map(([bits, n]) => [bits, sdkInt(n)] as const))],
      ['_probabilities', sdkMap(probabilities.map(([bits, p]) => [bits, sdkFloat(p)] as const))],
    ],
    '!SamplingReadoutResult',
  );
}

/**
 * The SDK's samples and probabilities from counts over the measured qubits (`from_samples`):
 * probabilities count / shots over the measured bits; sample keys expanded to all `nqubits`
 * with `_` for the unmeasured ones when `expand` is set and not every qubit is measured.
 */
export function samplingFromCounts(
  counts: BitstringTable,
  measured: readonly number[],
  nqubits: number,
  expand: boolean,
): { samples: BitstringTable; probabilities: BitstringTable } {
  const shots = counts.reduce((s, [, n]) => s + n, 0);
  const probabilities = counts.map(([bits, n]) => [bits, shots > 0 ? n / shots : 0] as const);
  if (!expand || measured.length >= nqubits) return { samples: counts, probabilities };
  const expandKey = (bits: string): string => {
    let k = 0;
    let out = '';
    for (let q = 0; q < nqubits; q++) out += measured.includes(q) ? bits[k++] : '_';
    return out;
  };
  const merged = new Map<string, number>();
  for (const [bits, n] of counts)
    merged.set(expandKey(bits), (merged.get(expandKey(bits)) ?? 0) + n);
  return { samples: [...merged], probabilities };
}

/** `!ExpectationReadoutResult {_expectation_values, _nshots}` (`_nshots` 0 for exact values). */
export function expectationReadoutResult(values: readonly number[], nshots: number | null): SdkMap {
  return sdkMap(
    [
      ['_expectation_values', floatListNode(values)],
      ['_nshots', nshots === null ? sdkNull() : sdkInt(nshots)],
    ],
    '!ExpectationReadoutResult',
  );
}

/** `!StateTomographyReadoutResult {_state: !QTensor}` (a ket, or a density matrix). */
export function stateTomographyReadoutResult(state: DenseState): SdkMap {
  return sdkMap([['_state', qtensor(state)]], '!StateTomographyReadoutResult');
}

/** The readout results of one execution step; a readout not asked for is None. */
export interface ReadoutParts {
  readonly sampling?: SdkNode | null;
  readonly expectationValues?: SdkNode | null;
  readonly stateTomography?: SdkNode | null;
}

/** `!ReadoutCompositeResults {sampling, expectation_values, state_tomography}`. */
export function readoutCompositeResults(parts: ReadoutParts): SdkMap {
  return sdkMap(
    [
      ['sampling', parts.sampling ?? sdkNull()],
      ['expectation_values', parts.expectationValues ?? sdkNull()],
      ['state_tomography', parts.stateTomography ?? sdkNull()],
    ],
    '!ReadoutCompositeResults',
  );
}
