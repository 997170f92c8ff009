import type { Observable, QTensorObservable } from '../../../shared/dialect/observable';
import type { PauliSum } from '../../../shared/dialect/pauli-expression';
import { PauliOperator } from './pauli-operator';
import { externalIndex } from './state-vector';

/** The Pauli operator of a Hamiltonian or single-Pauli observable (a QTensor has none). */
export function pauliOperatorOf(o: Exclude<Observable, QTensorObservable>): PauliOperator {
  if (o.kind === 'hamiltonian') return PauliOperator.fromSums([o.sum], new Map());
  const bit = o.pauli === 'I' ? 0 : 1 << o.qubit;
  const sum: PauliSum = {
    terms: [
      {
        coefficient: { kind: 'const', value: 1 },
        xMask: o.pauli === 'X' || o.pauli === 'Y' ? bit : 0,
        zMask: o.pauli === 'Z' || o.pauli === 'Y' ? bit : 0,
        nY: o.pauli === 'Y' ? 1 : 0,
        factors: o.pauli === 'I' ? '' : `${o.pauli}${o.qubit}`,
      },
    ],
    maxQubit: o.pauli === 'I' ? -1 : o.qubit,
    ref: o.ref,
  };
  return PauliOperator.fromSums([sum], new Map());
}

/**
 * Re ⟨ψ|M ⊗ I|ψ⟩ for a matrix M on the first k qubits of an n-qubit pure state (the SDK expands
 * a QTensor observable with identities on the qubits it does not name; qubit 0 is its most
 * significant index, as in every SDK matrix).
 */
export function qtensorExpectation(
  o: QTensorObservable,
  re: Float64Array,
  im: Float64Array,
  nqubits: number,
): number {
  const k = Math.log2(o.size);
  const restDim = 2 ** (nqubits - k);
  // External (bitstring-order) amplitude of (a, c): a on the first k qubits, c on the rest.
  const internal = new Int32Array(2 ** nqubits);
  for (let i = 0; i < internal.length; i++) internal[externalIndex(i, nqubits)] = i;
  let total = 0;
  for (let c = 0; c < restDim; c++) {
    for (let a = 0; a < o.size; a++) {
      const ia = internal[a * restDim + c]!;
      // (M ψ)_a = Σ_b M[a][b] ψ_b
      let mr = 0;
      let mi = 0;
      for (let b = 0; b < o.size; b++) {
        const ib = internal[b * restDim + c]!;
        const er = o.re[a * o.size + b]!;
        const ei = o.im[a * o.size + b]!;
        mr += er * re[ib]! - ei * im[ib]!;
        mi += er * im[ib]! + ei * re[ib]!;
      }
      // conj(ψ_a) · (Mψ)_a, real part
      total += re[ia]! * mr + im[ia]! * mi;
    }
  }
  return total;
}
