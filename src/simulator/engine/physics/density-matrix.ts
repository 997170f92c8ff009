import type { PauliOperator } from './pauli-operator';
import { StateVector } from './state-vector';

/**
 * An n-qubit density matrix stored as vec(ρ)[r + c·2^n] = ρ_rc, i.e. a vector on 2n qubits.
 * Used where pure states are not enough: resetting qubits of an entangled state leaves the
 * rest mixed, and only ρ gives the ensemble averages a real device's readouts would show.
 */
export class DensityMatrix {
  constructor(
    readonly nqubits: number,
    readonly re: Float64Array,
    readonly im: Float64Array,
  ) {}

  static fromPure(sv: StateVector): DensityMatrix {
    const n = sv.nqubits;
    const dim = 1 << n;
    const re = new Float64Array(dim * dim);
    const im = new Float64Array(dim * dim);
    for (let c = 0; c < dim; c++) {
      const cr = sv.re[c]!;
      const ci = -sv.im[c]!;
      for (let r = 0; r < dim; r++) {
        const idx = r + c * dim;
        re[idx] = sv.re[r]! * cr - sv.im[r]! * ci;
        im[idx] = sv.re[r]! * ci + sv.im[r]! * cr;
      }
    }
    return new DensityMatrix(n, re, im);
  }

  get dim(): number {
    return 1 << this.nqubits;
  }

  trace(): number {
    let s = 0;
    for (let r = 0; r < this.dim; r++) s += this.re[r + r * this.dim]!;
    return s;
  }

  /** Tr ρ² = Σ |ρ_rc|²: 1 for a pure state, less once a reset has traced something out. */
  purity(): number {
    let s = 0;
    for (let i = 0; i < this.re.length; i++)
      s += this.re[i]! * this.re[i]! + this.im[i]! * this.im[i]!;
    return s;
  }

  probabilities(): Float64Array {
    const p = new Float64Array(this.dim);
    for (let r = 0; r < this.dim; r++) p[r] = Math.max(0, this.re[r + r * this.dim]!);
    return p;
  }

  /**
   * Reset qubit q to |0⟩ as a channel: ρ → |0⟩⟨0|_q ⊗ Tr_q(ρ). The populations and coherences
   * of the |1⟩ branch fold onto the |0⟩ branch; nothing is post-selected or renormalised.
   */
  resetQubit(q: number): void {
    const dim = this.dim;
    const b = 1 << q;
    const { re, im } = this;
    for (let c = 0; c < dim; c++) {
      for (let r = 0; r < dim; r++) {
        const idx = r + c * dim;
        if ((r & b) === 0 && (c & b) === 0) {
          const src = (r | b) + (c | b) * dim;
          re[idx] = re[idx]! + re[src]!;
          im[idx] = im[idx]! + im[src]!;
        }
      }
    }
    for (let c = 0; c < dim; c++) {
      for (let r = 0; r < dim; r++) {
        if ((r & b) !== 0 || (c & b) !== 0) {
          re[r + c * dim] = 0;
          im[r + c * dim] = 0;
        }
      }
    }
  }

  /** Tr(O ρ) for an operator on the n row qubits. */
  expectation(op: PauliOperator): number {
    let total = 0;
    for (let k = 0; k < op.size; k++)
      total += op.termTraceWithDensity(k, this.re, this.im, this.nqubits);
    return total;
  }

  /**
   * The pure state ψ with ρ = |ψ⟩⟨ψ|, or null when ρ is mixed. ψ is read off the column of the
   * largest population, ρ_{·c}/√ρ_cc, which fixes the global phase so that ψ_c is real.
   */
  toPure(tolerance = 1e-9): StateVector | null {
    if (Math.abs(this.purity() - 1) > tolerance) return null;
    const dim = this.dim;
    let c = 0;
    for (let r = 1; r < dim; r++) if (this.re[r + r * dim]! > this.re[c + c * dim]!) c = r;
    const s = 1 / Math.sqrt(this.re[c + c * dim]!);
    const re = new Float64Array(dim);
    const im = new Float64Array(dim);
    for (let r = 0; r < dim; r++) {
      re[r] = this.re[r + c * dim]! * s;
      im[r] = this.im[r + c * dim]! * s;
    }
    return new StateVector(this.nqubits, re, im);
  }
}
