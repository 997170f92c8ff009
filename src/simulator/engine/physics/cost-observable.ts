import type { Observable, QTensorObservable } from '../../../shared/dialect/observable';
import type { PauliSum, PauliTerm } from '../../../shared/dialect/pauli-expression';
import { pauliOperatorOf } from './observables';
import { PauliOperator } from './pauli-operator';

/** The widest cost matrix decomposed into Pauli strings (4^k strings, 2^k work each). */
export const MAX_COST_MATRIX_QUBITS = 6;

const LETTERS = ['I', 'X', 'Z', 'Y'] as const;

/**
 * The Pauli operator whose expectation is an SDK cost function's: ⟨observable⟩. The SDK stores
 * every cost observable as a QTensor matrix M on the first k qubits; M = Σ_P c_P P with
 * c_P = Tr(P M) / 2^k. From samples the SDK takes Σ_x p(x) ⟨x|M|x⟩, the diagonal only: the
 * strings with an X or Y factor (whose diagonal is zero) are dropped for a sampled cost.
 */
export function costOperator(o: Observable, sampled: boolean): PauliOperator {
  if (o.kind === 'qtensor') return PauliOperator.fromSums([qtensorPauliSum(o, sampled)], new Map());
  if (!sampled) return pauliOperatorOf(o);
  if (o.kind === 'pauli')
    return o.pauli === 'X' || o.pauli === 'Y' ? PauliOperator.fromRows([]) : pauliOperatorOf(o);
  const terms = o.sum.terms.filter((t) => t.xMask === 0);
  return PauliOperator.fromSums([{ ...o.sum, terms }], new Map());
}

/** M as Σ_P c_P P (qubit 0 the most significant index of M, as in every SDK matrix). */
export function qtensorPauliSum(o: QTensorObservable, diagonalOnly: boolean): PauliSum {
  const k = Math.log2(o.size);
  if (k > MAX_COST_MATRIX_QUBITS)
    throw new Error(
      `the cost observable is a ${o.size}×${o.size} matrix; the simulator decomposes cost matrices of up to ${MAX_COST_MATRIX_QUBITS} qubits`,
    );
  const terms: PauliTerm[] = [];
  let maxQubit = -1;
  // Per qubit q: 0 = I, 1 = X, 2 = Z, 3 = Y (X and Z bits).
  for (let code = 0; code < 4 ** k; code++) {
    let xMask = 0;
    let zMask = 0;
    let xIndex = 0;
    let zIndex = 0;
    let nY = 0;
    const factors: string[] = [];
    for (let q = 0; q < k; q++) {
      const letter = (code >> (2 * q)) & 3;
      const bit = 1 << (k - 1 - q);
      if (letter & 1) [xMask, xIndex] = [xMask | (1 << q), xIndex | bit];
      if (letter & 2) [zMask, zIndex] = [zMask | (1 << q), zIndex | bit];
      if (letter === 3) nY++;
      if (letter) factors.push(`${LETTERS[letter]}${q}`);
    }
    if (diagonalOnly && xMask !== 0) continue;
    // Tr(P M) = Σ_r P[r][r⊕x] M[r⊕x][r], P[r][r⊕x] = (−i)^nY (−1)^{|r ∧ z|}.
    let re = 0;
    let im = 0;
    for (let r = 0; r < o.size; r++) {
      const c = r ^ xIndex;
      const sign = popcount(r & zIndex) & 1 ? -1 : 1;
      re += sign * o.re[c * o.size + r]!;
      im += sign * o.im[c * o.size + r]!;
    }
    // × (−i)^nY
    for (let y = 0; y < nY % 4; y++) [re, im] = [im, -re];
    re /= o.size;
    im /= o.size;
    if (Math.abs(re) < 1e-15 && Math.abs(im) < 1e-15) continue;
    terms.push({
      coefficient: { kind: 'const', value: re },
      ...(Math.abs(im) >= 1e-15 ? { imag: im } : {}),
      xMask,
      zMask,
      nY,
      factors: factors.join(' '),
    });
    for (let q = 0; q < k; q++) if (((xMask | zMask) >> q) & 1) maxQubit = Math.max(maxQubit, q);
  }
  return { terms, maxQubit, ref: o.ref };
}

function popcount(v: number): number {
  let n = 0;
  for (let x = v; x; x &= x - 1) n++;
  return n;
}
