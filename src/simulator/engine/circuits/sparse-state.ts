import type { Op } from './ops';

/**
 * A state kept as its non-zero amplitudes only, while there are few of them: a circuit starts
 * from |0…0⟩ (one amplitude) and many stay narrow for a long while (GHZ has two at any width).
 * A gate then costs a little per non-zero amplitude instead of a sweep over all 2^n.
 */
export class SparseState {
  constructor(
    readonly nqubits: number,
    /** Indices of the non-zero amplitudes (engine order: bit q is qubit q), any order. */
    public index: number[],
    public re: number[],
    public im: number[],
  ) {}

  static zero(nqubits: number): SparseState {
    return new SparseState(nqubits, [0], [1], [0]);
  }

  get size(): number {
    return this.index.length;
  }

  /** Applies one op; the state may grow (a 2×2 pairs each amplitude with a partner). */
  apply(op: Op): void {
    const c = op.controls;
    const { index, re, im } = this;
    const tb = 1 << op.target;
    switch (op.kind) {
      case 'diag': {
        const [ar, ai, , , , , dr, di] = op.m as [number, number, 0, 0, 0, 0, number, number];
        for (let k = 0; k < index.length; k++) {
          if ((index[k]! & c) !== c) continue;
          const one = (index[k]! & tb) !== 0;
          const sr = one ? dr : ar;
          const si = one ? di : ai;
          const xr = re[k]!;
          re[k] = sr * xr - si * im[k]!;
          im[k] = sr * im[k]! + si * xr;
        }
        return;
      }
      case 'flip':
        for (let k = 0; k < index.length; k++) if ((index[k]! & c) === c) index[k] = index[k]! ^ tb;
        return;
      case 'swap': {
        const both = tb | (1 << op.other);
        for (let k = 0; k < index.length; k++) {
          const i = index[k]!;
          const differ = (i & both) !== 0 && (i & both) !== both;
          if ((i & c) === c && differ) index[k] = i ^ both;
        }
        return;
      }
      case 'mat':
        this.applyMatrix(op.m, tb, c);
        return;
      case 'mat4':
        throw new Error('a sparse state runs ops before fusion, never a 4×4');
    }
  }

  private applyMatrix(m: number[], tb: number, c: number): void {
    const [ar, ai, br, bi, cr, ci, dr, di] = m as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    // Each pair once, keyed by its index with the target bit clear: [its two amplitudes].
    const pairs = new Map<number, number[]>();
    const next = new SparseState(this.nqubits, [], [], []);
    for (let k = 0; k < this.index.length; k++) {
      const i = this.index[k]!;
      if ((i & c) !== c) {
        next.push(i, this.re[k]!, this.im[k]!);
        continue;
      }
      const key = i & ~tb;
      let pair = pairs.get(key);
      if (!pair) pairs.set(key, (pair = [0, 0, 0, 0]));
      const at = i & tb ? 2 : 0;
      pair[at] = this.re[k]!;
      pair[at + 1] = this.im[k]!;
    }
    for (const [i, [xr, xi, yr, yi]] of pairs as Map<number, [number, number, number, number]>) {
      next.push(i, ar * xr - ai * xi + br * yr - bi * yi, ar * xi + ai * xr + br * yi + bi * yr);
      next.push(
        i | tb,
        cr * xr - ci * xi + dr * yr - di * yi,
        cr * xi + ci * xr + dr * yi + di * yr,
      );
    }
    this.index = next.index;
    this.re = next.re;
    this.im = next.im;
  }

  /** Keeps an amplitude unless it is exactly zero (what cancels, as H·H, cancels exactly). */
  private push(i: number, r: number, m: number): void {
    if (r === 0 && m === 0) return;
    this.index.push(i);
    this.re.push(r);
    this.im.push(m);
  }

  /** The amplitudes written into zeroed arrays of 2^n. */
  writeDense(re: Float64Array, im: Float64Array): void {
    for (let k = 0; k < this.index.length; k++) {
      re[this.index[k]!] = this.re[k]!;
      im[this.index[k]!] = this.im[k]!;
    }
  }
}
