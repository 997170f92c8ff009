import type { InitialState } from '../../../shared/dialect/initial-state';
import { StateVector, externalIndex } from './state-vector';

const R = Math.SQRT1_2;
const SINGLE: Record<string, readonly [number, number]> = {
  '0': [1, 0],
  '1': [0, 1],
  '+': [R, R],
  '-': [R, -R],
};

/** The state a functional object starts from; |0…0⟩ when none is written. */
export function prepareState(initial: InitialState | null, nqubits: number): StateVector {
  if (!initial) return StateVector.zero(nqubits);
  const dim = 2 ** nqubits;
  const re = new Float64Array(dim);
  const im = new Float64Array(dim);
  if (initial.kind === 'amplitudes') {
    initial.re.forEach((v, k) => {
      const i = externalIndex(k, nqubits);
      re[i] = v;
      im[i] = initial.im[k]!;
    });
    return new StateVector(nqubits, re, im);
  }
  // A product state: amplitude of index i is the product of each qubit's factor.
  re.fill(1);
  for (let q = 0; q < nqubits; q++) {
    const [a0, a1] = SINGLE[initial.perQubit[q]!]!;
    for (let i = 0; i < dim; i++) re[i] = re[i]! * ((i >>> q) & 1 ? a1 : a0);
  }
  return new StateVector(nqubits, re, im);
}
