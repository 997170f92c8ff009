import type { Complex } from './complex';
import { abs, complex, exp } from './complex';
import type { CMatrix } from './cmatrix';
import { fma } from './fma';

/*
 * `scipy.linalg.expm` for the small matrices of gates, as SciPy 1.17 computes it
 * (`_matfuncs.py` around `_matfuncs_expm.c`, on OpenBLAS): a diagonal matrix entry by entry
 * (`cexp`); otherwise the scaling-and-squaring Padé method of Al-Mohy and Higham (2009) with the
 * same choice of degree m and scaling s, the same polynomials U and V summed in the same order
 * (C99 complex arithmetic), X = I + 2·(V − U)⁻¹·U through OpenBLAS's LU (`zgetf2`, reciprocal
 * pivots) and transposed solve (`zgetrs 'T'`), then s squarings.
 *
 * Matrix products are OpenBLAS's `zgemm` kernel as NumPy's `matmul` meets it: per entry, the four
 * real products Σ re·re, Σ im·im, Σ re·im, Σ im·re each accumulated with fused multiply-adds,
 * then (rr − ii, ri + ir). Verified bit for bit against SciPy for every 2×2 unitary tried (all
 * gates take m = 9, s = 0); the paths for m = 3, 5, 7, 13 and for squaring follow the C code but
 * were not met by a gate (docs/sdk-wire.md).
 */

type Mat = Complex[];

const THETA = [
  1.495585217958292e-2, 2.53939833006323e-1, 9.504178996162932e-1, 2.097847961257068, 4.25,
] as const;
const COEFF = [
  1.1191048088221578e-11, 1.1167770708198077e-6, 4.9826124310493469e-1, 6.565628625e5,
  1.2573361865339437e19,
] as const;

/** A·B (C-order), entries as the BLAS kernel accumulates them (see above). */
function matmul(a: Mat, b: Mat, n: number): Mat {
  const out = new Array<Complex>(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a0 = a[i * n]!;
      const b0 = b[j]!;
      let rr = a0.re * b0.re;
      let ii = a0.im * b0.im;
      let ri = a0.re * b0.im;
      let ir = a0.im * b0.re;
      for (let k = 1; k < n; k++) {
        const x = a[i * n + k]!;
        const y = b[k * n + j]!;
        rr = fma(x.re, y.re, rr);
        ii = fma(x.im, y.im, ii);
        ri = fma(x.re, y.im, ri);
        ir = fma(x.im, y.re, ir);
      }
      out[i * n + j] = { re: rr - ii, im: ri + ir };
    }
  }
  return out;
}

const cadd = (x: Complex, y: Complex): Complex => ({ re: x.re + y.re, im: x.im + y.im });
const csub = (x: Complex, y: Complex): Complex => ({ re: x.re - y.re, im: x.im - y.im });
const cmul = (x: Complex, y: Complex): Complex => ({
  re: x.re * y.re - x.im * y.im,
  im: x.re * y.im + x.im * y.re,
});
/** C99's `double * double complex`: both parts scaled, no cross terms. */
const times = (x: number, z: Complex): Complex => ({ re: x * z.re, im: x * z.im });
const plusReal = (z: Complex, x: number): Complex => ({ re: z.re + x, im: z.im });
const isDiagonalEntry = (k: number, n: number) => Math.floor(k / n) === k % n;

/** Column sums of |A| (the 1-norm), as `znorm1`. */
function norm1(a: Mat, n: number): number {
  let norm = 0;
  for (let j = 0; j < n; j++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += abs(a[i * n + j]!);
    if (sum > norm) norm = sum;
  }
  return norm;
}

interface Powers {
  a: Mat;
  a2: Mat;
  a4: Mat;
  a6: Mat;
  a8?: Mat;
}

/** `pick_pade_structure`: the degree m, the scaling s and the (scaled) powers of A. */
function pickPade(a: Mat, n: number): { m: 3 | 5 | 7 | 9 | 13; s: number; p: Powers } {
  let absA = a.map(abs);
  let v = new Array<number>(n).fill(1);
  const spin = (count: number): number => {
    for (let c = 0; c < count; c++) {
      const next = new Array<number>(n);
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let i = 0; i < n; i++) s += absA[i * n + j]! * v[i]!;
        next[j] = s;
      }
      v = next;
    }
    return v.reduce((m, x) => (x > m ? x : m), 0);
  };
  let normA = spin(1);
  const a2 = matmul(a, a, n);
  const a4 = matmul(a2, a2, n);
  const a6 = matmul(a2, a4, n);
  const d4 = norm1(a4, n) ** 0.25;
  const d6 = norm1(a6, n) ** (1 / 6);
  const eta1 = Math.max(d4, d6);
  const lm = (temp: number, coeff: number, d: number) =>
    Math.max(0, Math.ceil(Math.log2(temp / normA / coeff) / d));
  const p: Powers = { a, a2, a4, a6 };
  if (lm(spin(6), COEFF[0], 6) === 0 && eta1 < THETA[0]) return { m: 3, s: 0, p };
  if (lm(spin(4), COEFF[1], 10) === 0 && eta1 < THETA[1]) return { m: 5, s: 0, p };
  p.a8 = matmul(a4, a4, n);
  const d8 = norm1(p.a8, n) ** 0.125;
  const eta2 = Math.max(d6, d8);
  if (lm(spin(4), COEFF[2], 14) === 0 && eta2 < THETA[2]) return { m: 7, s: 0, p };
  if (lm(spin(4), COEFF[3], 18) === 0 && eta2 < THETA[3]) return { m: 9, s: 0, p };
  const d10 = norm1(matmul(a4, a6, n), n) ** 0.1;
  const eta4 = Math.min(eta2, Math.max(d8, d10));
  let s = Math.max(0, Math.ceil(Math.log2(eta4 / THETA[4])));
  if (s !== 0) {
    absA = absA.map((x) => x * 2 ** -s);
    v = v.map((x) => x * 2 ** (-19 * s));
    normA *= 2 ** -s;
  }
  s += lm(spin(8), COEFF[4], 26);
  if (s === 0) return { m: 13, s, p };
  const scale = (mat: Mat, f: number) => mat.map((z) => times(f, z));
  return {
    m: 13,
    s,
    p: {
      a: scale(a, 2 ** -s),
      a2: scale(a2, 4 ** -s),
      a4: scale(a4, 16 ** -s),
      a6: scale(a6, 64 ** -s),
    },
  };
}

/** Entry by entry: `terms` summed left to right (a null factor is 1), `diagonal` added after. */
function poly(
  terms: ReadonlyArray<readonly [number | null, Mat]>,
  diagonal: number,
  n: number,
): Mat {
  return terms[0]![1].map((_, k) => {
    let acc: Complex | null = null;
    for (const [b, mat] of terms) {
      const term = b === null ? mat[k]! : times(b, mat[k]!);
      acc = acc === null ? term : cadd(acc, term);
    }
    return isDiagonalEntry(k, n) && diagonal !== 0 ? plusReal(acc!, diagonal) : acc!;
  });
}

/** `pade_UV_calc`: U and V of degree m. */
function padeUV(m: 3 | 5 | 7 | 9 | 13, p: Powers, n: number): { u: Mat; v: Mat } {
  const { a, a2, a4, a6, a8 } = p;
  switch (m) {
    case 3: {
      // zgemm with beta = 60: C = 60·A first, then C += A·A².
      const scaled = a.map((z) => cmul({ re: 60, im: 0 }, z));
      const prod = matmul(a, a2, n);
      return { u: prod.map((z, k) => cadd(scaled[k]!, z)), v: poly([[12, a2]], 120, n) };
    }
    case 5:
      return {
        u: matmul(
          a,
          poly(
            [
              [null, a4],
              [420, a2],
            ],
            15120,
            n,
          ),
          n,
        ),
        v: poly(
          [
            [30, a4],
            [3360, a2],
          ],
          30240,
          n,
        ),
      };
    case 7:
      return {
        u: matmul(
          a,
          poly(
            [
              [null, a6],
              [1512, a4],
              [277200, a2],
            ],
            8648640,
            n,
          ),
          n,
        ),
        v: poly(
          [
            [56, a6],
            [25200, a4],
            [1995840, a2],
          ],
          17297280,
          n,
        ),
      };
    case 9:
      return {
        u: matmul(
          a,
          poly(
            [
              [null, a8!],
              [3960, a6],
              [2162160, a4],
              [302702400, a2],
            ],
            8821612800,
            n,
          ),
          n,
        ),
        v: poly(
          [
            [90, a8!],
            [110880, a6],
            [30270240, a4],
            [2075673600, a2],
          ],
          17643225600,
          n,
        ),
      };
    case 13: {
      const n13 = poly(
        [
          [33522128640, a6],
          [10559470521600, a4],
          [1187353796428800, a2],
        ],
        32382376266240000,
        n,
      );
      const q = poly(
        [
          [182, a6],
          [960960, a4],
          [1323241920, a2],
        ],
        0,
        n,
      );
      const r = poly(
        [
          [670442572800, a6],
          [129060195264000, a4],
          [7771770303897600, a2],
        ],
        64764752532480000,
        n,
      );
      const work = poly(
        [
          [null, a6],
          [16380, a4],
          [40840800, a2],
        ],
        0,
        n,
      );
      // zgemm with beta = 1: C += P·Q.
      const v = matmul(a6, q, n).map((z, k) => cadd(r[k]!, z));
      const inner = matmul(a6, work, n).map((z, k) => cadd(n13[k]!, z));
      return { u: matmul(a, inner, n), v };
    }
  }
}

/** OpenBLAS's reciprocal of a pivot (`zgetf2`, and the packed diagonal of `ztrsm`). */
function reciprocal(z: Complex): Complex {
  if (Math.abs(z.re) >= Math.abs(z.im)) {
    const ratio = z.im / z.re;
    const den = 1 / (z.re * (1 + ratio * ratio));
    return { re: den, im: -ratio * den };
  }
  const ratio = z.re / z.im;
  const den = 1 / (z.im * (1 + ratio * ratio));
  return { re: ratio * den, im: -den };
}

const size1 = (z: Complex) => Math.abs(z.re) + Math.abs(z.im);

/**
 * X with (V − U)·X = U, as SciPy asks LAPACK for it: the C-order V − U is, to Fortran, its
 * transpose M, factorised by OpenBLAS's left-looking `zgetf2` (M = P·L·R), and Mᵀ·X = U solved
 * with `zgetrs 'T'` (Rᵀ, then Lᵀ, then the row interchanges backwards).
 */
function solveTransposed(vMinusU: Mat, u: Mat, n: number): Mat {
  // lu[r][c] = M[r][c] = (V − U)[c][r]
  const lu: Complex[][] = Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => vMinusU[c * n + r]!),
  );
  const pivots: number[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < j; i++) {
      const ip = pivots[i]!;
      if (ip !== i) [lu[i]![j], lu[ip]![j]] = [lu[ip]![j]!, lu[i]![j]!];
    }
    for (let i = 1; i < j; i++)
      for (let k = 0; k < i; k++) lu[i]![j] = csub(lu[i]![j]!, cmul(lu[i]![k]!, lu[k]![j]!));
    for (let i = j; i < n; i++)
      for (let k = 0; k < j; k++) lu[i]![j] = csub(lu[i]![j]!, cmul(lu[i]![k]!, lu[k]![j]!));
    let jp = j;
    for (let i = j + 1; i < n; i++) if (size1(lu[i]![j]!) > size1(lu[jp]![j]!)) jp = i;
    pivots.push(jp);
    if (jp !== j) for (let c = 0; c <= j; c++) [lu[j]![c], lu[jp]![c]] = [lu[jp]![c]!, lu[j]![c]!];
    const inv = reciprocal(lu[j]![j]!);
    for (let i = j + 1; i < n; i++) lu[i]![j] = cmul(lu[i]![j]!, inv);
  }
  // Right-hand sides: B[r][c] = U[r][c] (the C-order U seen by Fortran after the layout swap).
  const x: Complex[][] = Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => u[r * n + c]!),
  );
  for (let c = 0; c < n; c++) {
    // Rᵀ·y = b, forward.
    for (let i = 0; i < n; i++) {
      let s = x[i]![c]!;
      for (let k = 0; k < i; k++) s = csub(s, cmul(lu[k]![i]!, x[k]![c]!));
      x[i]![c] = cmul(s, reciprocal(lu[i]![i]!));
    }
    // Lᵀ·z = y, backward (unit diagonal).
    for (let i = n - 1; i >= 0; i--) {
      let s = x[i]![c]!;
      for (let k = i + 1; k < n; k++) s = csub(s, cmul(lu[k]![i]!, x[k]![c]!));
      x[i]![c] = s;
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    const ip = pivots[i]!;
    if (ip !== i) [x[i], x[ip]] = [x[ip]!, x[i]!];
  }
  // X in Fortran order, back to C order.
  const out = new Array<Complex>(n * n);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) out[r * n + c] = x[r]![c]!;
  return out;
}

/** `scipy.linalg.expm(m)` of a square complex matrix (see above). */
export function expm(m: CMatrix): CMatrix {
  const n = m.rows;
  if (n !== m.cols) throw new RangeError('expm: the matrix is not square');
  const a = m.data.slice();
  const nonzero = (k: number) => a[k]!.re !== 0 || a[k]!.im !== 0;
  let lower = false;
  let upper = false;
  for (let k = 0; k < n * n; k++) {
    const i = Math.floor(k / n);
    const j = k % n;
    if (i > j && nonzero(k)) lower = true;
    if (i < j && nonzero(k)) upper = true;
  }
  if (!lower && !upper) {
    const data = a.map((z, k) => (isDiagonalEntry(k, n) ? exp(z) : complex(0, 0)));
    return { rows: n, cols: n, data };
  }
  const { m: degree, s, p } = pickPade(a, n);
  const { u, v } = padeUV(degree, p, n);
  const x = solveTransposed(
    v.map((z, k) => csub(z, u[k]!)),
    u,
    n,
  );
  let r = x.map((z, k) => (isDiagonalEntry(k, n) ? plusReal(times(2, z), 1) : times(2, z)));
  for (let i = 0; i < s; i++) r = matmul(r, r, n);
  // A triangular input keeps its zero triangle exactly (`np.triu`, `np.tril`).
  if (!lower || !upper)
    r = r.map((z, k) => {
      const i = Math.floor(k / n);
      const j = k % n;
      return (!lower && i > j) || (!upper && i < j) ? complex(0, 0) : z;
    });
  return { rows: n, cols: n, data: r };
}
