/**
 * A state of n qubits as 2^n complex amplitudes in two Float64Arrays (real, imaginary).
 * Index convention inside the engine: qubit q is bit q of the index (little-endian), which
 * makes gate kernels simple strided loops. Bitstrings and amplitude lists shown to users put
 * qubit 0 leftmost; `toBitstring` / `externalIndex` translate.
 */
export class StateVector {
  constructor(
    readonly nqubits: number,
    readonly re: Float64Array,
    readonly im: Float64Array,
  ) {}

  static zero(nqubits: number): StateVector {
    const dim = 2 ** nqubits;
    const sv = new StateVector(nqubits, new Float64Array(dim), new Float64Array(dim));
    sv.re[0] = 1;
    return sv;
  }

  get dim(): number {
    return this.re.length;
  }

  clone(): StateVector {
    return new StateVector(this.nqubits, this.re.slice(), this.im.slice());
  }

  norm2(): number {
    let s = 0;
    const { re, im } = this;
    for (let i = 0; i < re.length; i++) s += re[i]! * re[i]! + im[i]! * im[i]!;
    return s;
  }

  probabilities(): Float64Array {
    const p = new Float64Array(this.dim);
    for (let i = 0; i < p.length; i++) p[i] = this.re[i]! * this.re[i]! + this.im[i]! * this.im[i]!;
    return p;
  }
}

/** Bitstring of an engine index over the given qubits, first listed qubit leftmost. */
export function toBitstring(index: number, qubits: readonly number[]): string {
  let s = '';
  for (const q of qubits) s += (index >>> q) & 1 ? '1' : '0';
  return s;
}

/**
 * Position of an engine index in a user-facing amplitude list: bitstring order with qubit 0
 * as the most significant bit (bit reversal over n qubits). It is its own inverse.
 */
export function externalIndex(index: number, nqubits: number): number {
  let k = 0;
  for (let q = 0; q < nqubits; q++) if ((index >>> q) & 1) k |= 1 << (nqubits - 1 - q);
  return k;
}
