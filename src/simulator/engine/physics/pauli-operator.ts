import { evalNum } from '../../../shared/dialect/numbers';
import type { ParamValues } from '../../../shared/dialect/numbers';
import type { PauliSum } from '../../../shared/dialect/pauli-expression';
import { addSigned, signTable } from './pauli-signs';
import type { SignTable } from './pauli-signs';

/**
 * A sum of Pauli strings applied straight to amplitudes, never as a matrix. A string with
 * masks (x, z) and n_Y Y factors maps |i⟩ to i^{n_Y} · (−1)^{popcount(i & z)} · |i ⊕ x⟩
 * (Y = i·X·Z). Expectation values take one pass per term; evolution applies the terms
 * regrouped by mask (pauli-groups.ts).
 */
export class PauliOperator {
  readonly size: number;
  private readonly signTables: (SignTable | undefined)[] = [];
  private plan: ExpectationPlan | null = null;

  constructor(
    readonly x: Int32Array,
    readonly z: Int32Array,
    /** Complex factor per term: coefficient · i^{n_Y}. */
    readonly fr: Float64Array,
    readonly fi: Float64Array,
    /** Which group (schedule label) each term belongs to, for time-dependent scaling. */
    readonly group: Int32Array,
    /** The real coefficient c_k as written (f_k = c_k · i^{n_Y}). */
    readonly coef: Float64Array,
  ) {
    this.size = x.length;
  }

  static fromSums(sums: readonly PauliSum[], values: ParamValues): PauliOperator {
    const rows: Row[] = [];
    sums.forEach((sum, g) => {
      for (const t of sum.terms) {
        const c = evalNum(t.coefficient, values);
        const ci = t.imag ?? 0;
        if (c === 0 && ci === 0) continue;
        // f = (c + i·ci) · i^nY; a complex c makes the operator non-Hermitian, and the
        // expectation value computed is the real part of ⟨O⟩.
        const [pr, pi] = I_POWERS[t.nY % 4]!;
        rows.push([t.xMask, t.zMask, c * pr - ci * pi, c * pi + ci * pr, g, c]);
      }
    });
    return PauliOperator.fromRows(rows);
  }

  static fromRows(rows: readonly Row[]): PauliOperator {
    return new PauliOperator(
      Int32Array.from(rows, (r) => r[0]),
      Int32Array.from(rows, (r) => r[1]),
      Float64Array.from(rows, (r) => r[2]),
      Float64Array.from(rows, (r) => r[3]),
      Int32Array.from(rows, (r) => r[4]),
      Float64Array.from(rows, (r) => r[5]),
    );
  }

  /**
   * The Liouvillian L = H⊗I − I⊗Hᵀ on 2n qubits, so that i·d vec(ρ)/dt = L·vec(ρ) for
   * vec(ρ)[r + c·2^n] = ρ_rc. Pᵀ = (−1)^{n_Y} P, hence the column copy's sign.
   */
  liouvillian(n: number): PauliOperator {
    const rows: Row[] = [];
    for (let k = 0; k < this.size; k++) {
      const x = this.x[k]!;
      const z = this.z[k]!;
      const fr = this.fr[k]!;
      const fi = this.fi[k]!;
      const g = this.group[k]!;
      const ySign = popcount(x & z) % 2 === 0 ? 1 : -1;
      const c = this.coef[k]!;
      rows.push([x, z, fr, fi, g, c]);
      rows.push([x << n, z << n, -ySign * fr, -ySign * fi, g, -ySign * c]);
    }
    return PauliOperator.fromRows(rows);
  }

  /**
   * ⟨ψ|O|ψ⟩ for a normalised pure state (real for a Hermitian O). Its Z-only terms are summed
   * into one diagonal once (up to 2^20 amplitudes), so they cost one pass together; every other
   * term costs a pass of its own.
   */
  expectation(re: Float64Array, im: Float64Array): number {
    const { diagonal, others } = this.expectationPlan(Math.log2(re.length));
    let total = 0;
    if (diagonal) {
      for (let i = 0; i < diagonal.length; i++)
        total += diagonal[i]! * (re[i]! * re[i]! + im[i]! * im[i]!);
    }
    for (const k of others) total += this.termExpectation(k, re, im);
    return total;
  }

  private expectationPlan(nqubits: number): ExpectationPlan {
    const cached = this.plan;
    if (cached && cached.nqubits === nqubits) return cached;
    const zOnly: number[] = [];
    let others: number[] = [];
    for (let k = 0; k < this.size; k++) (this.x[k] === 0 ? zOnly : others).push(k);
    let diagonal: Float64Array | null = null;
    if (zOnly.length > 1 && nqubits <= MAX_DIAGONAL_QUBITS) {
      diagonal = new Float64Array(2 ** nqubits);
      // x = 0: no X or Y factor, so f = c is real.
      for (const k of zOnly) addSigned(diagonal, this.signs(k, nqubits), this.fr[k]!);
    } else {
      // concat, not unshift(...zOnly): a spread of that many terms can overflow the stack.
      others = zOnly.concat(others);
    }
    return (this.plan = { nqubits, diagonal, others });
  }

  /** ⟨ψ|f_k P_k|ψ⟩ of one term. */
  termExpectation(k: number, re: Float64Array, im: Float64Array): number {
    const x = this.x[k]!;
    const { lo, hi } = this.signs(k, Math.log2(re.length));
    const nLo = lo.length;
    let sr = 0;
    let si = 0;
    for (let h = 0, i = 0; h < hi.length; h++) {
      let hr = 0;
      let hiSum = 0;
      for (let l = 0; l < nLo; l++, i++) {
        const j = i ^ x;
        const s = lo[l]!;
        // conj(ψ_j) · ψ_i, signed
        hr += s * (re[j]! * re[i]! + im[j]! * im[i]!);
        hiSum += s * (re[j]! * im[i]! - im[j]! * re[i]!);
      }
      sr += hi[h]! * hr;
      si += hi[h]! * hiSum;
    }
    return this.fr[k]! * sr - this.fi[k]! * si;
  }

  /** Tr(f_k P_k ρ) for vec(ρ) on 2n qubits: Σ_r f·sign(r)·ρ[r ⊕ x, r]. */
  termTraceWithDensity(k: number, re: Float64Array, im: Float64Array, n: number): number {
    const x = this.x[k]!;
    const { lo, hi } = this.signs(k, n);
    const nLo = lo.length;
    let sr = 0;
    let si = 0;
    for (let h = 0, r = 0; h < hi.length; h++) {
      for (let l = 0; l < nLo; l++, r++) {
        const idx = r + ((r ^ x) << n);
        const sign = hi[h]! * lo[l]!;
        sr += sign * re[idx]!;
        si += sign * im[idx]!;
      }
    }
    return this.fr[k]! * sr - this.fi[k]! * si;
  }

  /** The sign tables of term k for a state of `nqubits`, made once. */
  private signs(k: number, nqubits: number): SignTable {
    const cached = this.signTables[k];
    if (cached && cached.lo.length * cached.hi.length === 2 ** nqubits) return cached;
    return (this.signTables[k] = signTable(this.z[k]!, nqubits));
  }
}

/** Widest state whose Z-only terms get a summed diagonal (8 bytes per amplitude). */
const MAX_DIAGONAL_QUBITS = 20;

interface ExpectationPlan {
  nqubits: number;
  diagonal: Float64Array | null;
  /** Terms applied one pass each. */
  others: number[];
}

/** x mask, z mask, Re f, Im f, group, real coefficient. */
type Row = readonly [number, number, number, number, number, number];

const I_POWERS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
];

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
