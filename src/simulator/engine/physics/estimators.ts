import type { PauliOperator } from './pauli-operator';
import type { Rng } from './random';

export interface ShotModel {
  /** Shots per Pauli term; 0 means the exact expectation value. */
  nshots: number;
  rng: Rng;
  /** Readout error of each qubit of the state (index = qubit), or null on an exact device. */
  readoutErrors: readonly number[] | null;
}

/**
 * ⟨O⟩ as a device would report it. Each Pauli term is measured on its own with `nshots` shots
 * (after the basis change that maps it onto Z), so its estimate is 2·k/nshots − 1 with
 * k ~ Binomial(nshots, (1 + ⟨P⟩)/2). A readout error e on a qubit of the term's support shrinks
 * the measured ⟨P⟩ by (1 − 2e), exactly as random bit flips of that qubit would.
 */
export function estimateExpectation(
  op: PauliOperator,
  exactTerm: (k: number) => number,
  shots: ShotModel | null,
): number {
  let total = 0;
  for (let k = 0; k < op.size; k++) {
    const exact = exactTerm(k);
    const c = op.coef[k]!;
    const support = op.x[k]! | op.z[k]!;
    if (!shots || shots.nshots === 0 || support === 0 || c === 0) {
      total += exact;
      continue;
    }
    let v = Math.max(-1, Math.min(1, exact / c));
    if (shots.readoutErrors) {
      for (let q = 0; q < 31; q++)
        if ((support >>> q) & 1) v *= 1 - 2 * (shots.readoutErrors[q] ?? 0);
    }
    const hits = shots.rng.binomial(shots.nshots, (1 + v) / 2);
    total += c * ((2 * hits) / shots.nshots - 1);
  }
  return total;
}

/**
 * ⟨O⟩ from computational-basis counts (diagonal observables only): each outcome contributes
 * Σ_k c_k·(−1)^{parity of its bits on z_k}; bit b of an outcome is qubit measured[b].
 */
export function expectationFromCounts(
  op: PauliOperator,
  counts: ReadonlyMap<number, number>,
  measured: readonly number[],
): number {
  let shots = 0;
  let total = 0;
  for (const [outcome, n] of counts) {
    shots += n;
    let value = 0;
    for (let k = 0; k < op.size; k++) {
      let odd = false;
      const z = op.z[k]!;
      measured.forEach((q, bit) => {
        if ((z >>> q) & 1 && (outcome >>> bit) & 1) odd = !odd;
      });
      value += op.coef[k]! * (odd ? -1 : 1);
    }
    total += n * value;
  }
  return shots > 0 ? total / shots : 0;
}
