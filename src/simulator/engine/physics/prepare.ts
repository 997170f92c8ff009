import type { InitialState } from '../../../shared/dialect/initial-state';
import { DensityMatrix } from './density-matrix';
import { StateVector, externalIndex } from './state-vector';

const R = Math.SQRT1_2;
const SINGLE: Record<string, readonly [number, number]> = {
  '0': [1, 0],
  '1': [0, 1],
  '+': [R, R],
  '-': [R, -R],
};

/** The SDK's named states as one letter per qubit. */
const NAMED_QUBIT = { zero: '0', one: '1', uniform: '+' } as const;

/** The pure state a functional object starts from; |0…0⟩ when none is written. */
export function prepareState(initial: InitialState | null, nqubits: number): StateVector {
  if (!initial) return StateVector.zero(nqubits);
  const dim = 2 ** nqubits;
  const re = new Float64Array(dim);
  const im = new Float64Array(dim);
  if (initial.kind === 'density')
    throw new Error('a density-matrix initial state has no state vector: use prepareDensity');
  if (initial.kind === 'amplitudes') {
    initial.re.forEach((v, k) => {
      const i = externalIndex(k, nqubits);
      re[i] = v;
      im[i] = initial.im[k]!;
    });
    return new StateVector(nqubits, re, im);
  }
  const perQubit =
    initial.kind === 'named' ? NAMED_QUBIT[initial.name].repeat(nqubits) : initial.perQubit;
  // A product state: amplitude of index i is the product of each qubit's factor.
  re.fill(1);
  for (let q = 0; q < nqubits; q++) {
    const [a0, a1] = SINGLE[perQubit[q]!]!;
    for (let i = 0; i < dim; i++) re[i] = re[i]! * ((i >>> q) & 1 ? a1 : a0);
  }
  return new StateVector(nqubits, re, im);
}

/** The initial state as a density matrix (a pure one as |ψ⟩⟨ψ|). */
export function prepareDensity(initial: InitialState | null, nqubits: number): DensityMatrix {
  if (initial?.kind !== 'density') return DensityMatrix.fromPure(prepareState(initial, nqubits));
  const dim = 2 ** nqubits;
  const re = new Float64Array(dim * dim);
  const im = new Float64Array(dim * dim);
  for (let r = 0; r < dim; r++) {
    for (let c = 0; c < dim; c++) {
      // vec(ρ)[r + c·dim] in the simulator's internal order (qubit 0 least significant).
      const at = externalIndex(r, nqubits) + externalIndex(c, nqubits) * dim;
      re[at] = initial.re[r * dim + c]!;
      im[at] = initial.im[r * dim + c]!;
    }
  }
  return new DensityMatrix(nqubits, re, im);
}
