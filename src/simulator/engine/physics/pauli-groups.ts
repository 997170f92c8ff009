import type { PauliOperator } from './pauli-operator';
import { addSigned, signTable } from './pauli-signs';
import type { SignTable } from './pauli-signs';
import { gatherPass, xorPhasePass, xorSignedPass } from './xor-kernels';

/**
 * Bytes of precomputed phase vectors (one complex vector per X/Y mask that has several strings)
 * allowed beside the diagonals; past it, those strings are applied one pass each. 64 MiB keeps
 * every mask a vector up to 16 qubits and a few of them at 20.
 */
const PHASE_VECTOR_BUDGET_BYTES = 64 * 2 ** 20;

/** Only X factors, per group: (Hψ)[i ⊕ x_b] += c_b·ψ[i] (gathered with the diagonal). */
interface Plain {
  masks: Int32Array;
  coefficients: Float64Array;
}

type Block =
  /** Several strings of mask x: (Hψ)[i ⊕ x] += v[i]·ψ[i], v their summed signed factors. */
  | { kind: 'phase'; x: number; vr: Float64Array; vi: Float64Array }
  /** One string: (Hψ)[i ⊕ x] += f·sign_z(i)·ψ[i]. */
  | { kind: 'signed'; x: number; fr: number; fi: number; table: SignTable };

interface Term {
  z: number;
  fr: number;
  fi: number;
}

/**
 * The terms of a PauliOperator arranged for applying each labelled group H_g on its own: per
 * group, all Z-only strings as one real diagonal, and the other strings by X/Y mask, one
 * permutation pass per mask. The time-dependent coefficients are applied by the integrator, so
 * the groups stay fixed for a whole evolution.
 */
export class GroupedPauliOperator {
  /** Σ |coefficient| of each group's strings: a bound on ‖H_g‖. */
  readonly norm1: Float64Array;

  private constructor(
    readonly nqubits: number,
    private readonly diagonals: (Float64Array | null)[],
    private readonly plain: Plain[],
    private readonly blocks: Block[][],
    norm1: Float64Array,
  ) {
    this.norm1 = norm1;
  }

  get groups(): number {
    return this.blocks.length;
  }

  /** Whether group g has any term (an empty group contributes nothing to H(t)). */
  isEmpty(g: number): boolean {
    return (
      this.diagonals[g] === null &&
      this.plain[g]!.masks.length === 0 &&
      this.blocks[g]!.length === 0
    );
  }

  static from(
    op: PauliOperator,
    nqubits: number,
    groups: number,
    phaseBudgetBytes = PHASE_VECTOR_BUDGET_BYTES,
  ): GroupedPauliOperator {
    const dim = 2 ** nqubits;
    const norm1 = new Float64Array(groups);
    const byMask = Array.from({ length: groups }, () => new Map<number, Term[]>());
    for (let k = 0; k < op.size; k++) {
      const g = op.group[k]!;
      norm1[g] = norm1[g]! + Math.abs(op.coef[k]!);
      const masks = byMask[g]!;
      const x = op.x[k]!;
      if (!masks.has(x)) masks.set(x, []);
      masks.get(x)!.push({ z: op.z[k]!, fr: op.fr[k]!, fi: op.fi[k]! });
    }
    const diagonals = byMask.map((masks) => {
      const terms = masks.get(0);
      if (!terms) return null;
      // x = 0 means no X or Y factor, so f = c is real.
      const d = new Float64Array(dim);
      for (const t of terms) addSigned(d, signTable(t.z, nqubits), t.fr);
      return d;
    });
    let budget = phaseBudgetBytes;
    const plain = byMask.map((masks) => {
      // No Z or Y factor: the factor is the summed real coefficient.
      const xOnly = [...masks].filter(([x, terms]) => x !== 0 && terms.every((t) => t.z === 0));
      return {
        masks: Int32Array.from(xOnly, ([x]) => x),
        coefficients: Float64Array.from(xOnly, ([, terms]) => terms.reduce((s, t) => s + t.fr, 0)),
      };
    });
    const blocks = byMask.map((masks) => {
      const out: Block[] = [];
      // Masks with the most strings first: their vectors save the most passes.
      const entries = [...masks].filter(([x]) => x !== 0).sort((a, b) => b[1].length - a[1].length);
      for (const [x, terms] of entries) {
        if (terms.every((t) => t.z === 0)) continue;
        if (terms.length > 1 && budget >= 16 * dim) {
          budget -= 16 * dim;
          const vr = new Float64Array(dim);
          const vi = new Float64Array(dim);
          for (const t of terms) {
            const table = signTable(t.z, nqubits);
            if (t.fr !== 0) addSigned(vr, table, t.fr);
            if (t.fi !== 0) addSigned(vi, table, t.fi);
          }
          out.push({ kind: 'phase', x, vr, vi });
        } else {
          for (const t of terms)
            out.push({ kind: 'signed', x, fr: t.fr, fi: t.fi, table: signTable(t.z, nqubits) });
        }
      }
      return out;
    });
    return new GroupedPauliOperator(nqubits, diagonals, plain, blocks, norm1);
  }

  /** out = H_g · in (out is overwritten; it must not be `in`). */
  applyGroup(
    g: number,
    inRe: Float64Array,
    inIm: Float64Array,
    outRe: Float64Array,
    outIm: Float64Array,
  ): void {
    const { masks, coefficients } = this.plain[g]!;
    gatherPass(this.diagonals[g] ?? null, masks, coefficients, inRe, inIm, outRe, outIm);
    for (const b of this.blocks[g]!) {
      if (b.kind === 'phase') xorPhasePass(b.x, b.vr, b.vi, inRe, inIm, outRe, outIm);
      else xorSignedPass(b.x, b.fr, b.fi, b.table, inRe, inIm, outRe, outIm);
    }
  }

  /** Passes over the state one application of group g makes (for reports). */
  passes(g: number): number {
    return 1 + this.blocks[g]!.length;
  }
}
