import type { Rng } from './random';

/**
 * Probabilities of the measured qubits alone (the marginal), indexed by the measured qubits'
 * bits in the order given: bit k of the index is qubit measured[k].
 */
export function marginal(probabilities: Float64Array, measured: readonly number[]): Float64Array {
  const all =
    measured.length > 0 &&
    measured.every((q, k) => q === k) &&
    probabilities.length === 1 << measured.length;
  if (all) return probabilities;
  const out = new Float64Array(1 << measured.length);
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i]!;
    if (p === 0) continue;
    let m = 0;
    for (let k = 0; k < measured.length; k++) m |= ((i >>> measured[k]!) & 1) << k;
    out[m] = out[m]! + p;
  }
  return out;
}

/** A distribution over few outcomes: the outcomes ascending, and their probabilities. */
export interface SparseDistribution {
  outcomes: number[];
  probabilities: Float64Array;
}

/**
 * The marginal of a state given by its non-zero amplitudes (index, re, im), as `marginal`
 * computes it for a dense one, without a 2^n array.
 */
export function sparseMarginal(
  index: readonly number[],
  re: readonly number[],
  im: readonly number[],
  measured: readonly number[],
): SparseDistribution {
  const sums = new Map<number, number>();
  for (let k = 0; k < index.length; k++) {
    let m = 0;
    for (let b = 0; b < measured.length; b++) m |= ((index[k]! >>> measured[b]!) & 1) << b;
    sums.set(m, (sums.get(m) ?? 0) + re[k]! * re[k]! + im[k]! * im[k]!);
  }
  const outcomes = [...sums.keys()].sort((a, b) => a - b);
  return { outcomes, probabilities: Float64Array.from(outcomes, (m) => sums.get(m)!) };
}

/**
 * Draw `nshots` outcomes from a distribution and count them. The uniforms are sorted and the
 * cumulative distribution is swept once: O(dim + shots·log shots), no 2^n-sized CDF array.
 * On a noisy device each measured bit of each shot flips with that qubit's readout error.
 */
export function sampleCounts(
  probabilities: Float64Array,
  nshots: number,
  rng: Rng,
  readoutErrors: readonly number[] | null,
  /** The outcome each probability is of, when not its position (a sparse distribution). */
  outcomes?: readonly number[],
): Map<number, number> {
  let total = 0;
  for (let i = 0; i < probabilities.length; i++) total += probabilities[i]!;
  const u = new Float64Array(nshots);
  for (let s = 0; s < nshots; s++) u[s] = rng.uniform() * total;
  u.sort();
  const counts = new Map<number, number>();
  let cumulative = 0;
  let outcome = -1;
  for (let s = 0; s < nshots; s++) {
    while (outcome < probabilities.length - 1 && cumulative <= u[s]!) {
      outcome++;
      cumulative += probabilities[outcome]!;
    }
    // Rounding can leave the last uniforms past the final sum: they belong to the last non-zero outcome.
    let hit = outcome;
    while (hit > 0 && probabilities[hit] === 0) hit--;
    const label = outcomes ? outcomes[hit]! : hit;
    const observed = readoutErrors ? flipBits(label, readoutErrors, rng) : label;
    counts.set(observed, (counts.get(observed) ?? 0) + 1);
  }
  return counts;
}

function flipBits(outcome: number, errors: readonly number[], rng: Rng): number {
  let m = outcome;
  for (let k = 0; k < errors.length; k++)
    if (errors[k]! > 0 && rng.uniform() < errors[k]!) m ^= 1 << k;
  return m;
}
