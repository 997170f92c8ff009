import type { SdkMap } from '../../node';
import { sdkFloat, sdkInt, sdkMap } from '../../node';

/** Bitstring (qubit 0 leftmost) → count, in the order the backend produced them. */
export type SampleCounts = ReadonlyArray<readonly [string, number]>;

/**
 * qilisdk 0.1.6 `SamplingResult(nshots, samples)` (`functionals/sampling_result.py`): sets
 * `_nshots`, `_samples`, `_nqubits` (the length of the first bitstring) and `_probabilities`
 * (count / nshots, or 0.0 when nshots is not positive), in that order. Throws, as its
 * `__init__` raises, when the samples are empty or their bitstrings differ in length.
 */
export function samplingResult(nshots: number, samples: SampleCounts): SdkMap {
  if (samples.length === 0) throw new RangeError('SamplingResult: the samples dictionary is empty');
  const nqubits = samples[0]![0].length;
  if (!samples.every(([bits]) => bits.length === nqubits))
    throw new RangeError('SamplingResult: not all bitstring keys have the same length');
  return sdkMap(
    [
      ['_nshots', sdkInt(nshots)],
      ['_samples', sdkMap(samples.map(([bits, n]) => [bits, sdkInt(n)] as const))],
      ['_nqubits', sdkInt(nqubits)],
      [
        '_probabilities',
        sdkMap(samples.map(([bits, n]) => [bits, sdkFloat(nshots > 0 ? n / nshots : 0)] as const)),
      ],
    ],
    '!SamplingResult',
  );
}
