import type { Complex } from './complex';
import { add, complex, conj, mul, sub } from './complex';

/**
 * A small dense complex matrix, row-major, with NumPy's elementwise semantics (each entry is
 * computed with the same IEEE operations NumPy's loops use, so signed zeros come out alike).
 */
export interface CMatrix {
  readonly rows: number;
  readonly cols: number;
  readonly data: readonly Complex[];
}

export function cmatrix(rows: readonly (readonly Complex[])[]): CMatrix {
  return { rows: rows.length, cols: rows[0]?.length ?? 0, data: rows.flat() };
}

/** `np.eye(n, dtype=complex)`. */
export function eye(n: number): CMatrix {
  const data: Complex[] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) data.push(complex(i === j ? 1 : 0, 0));
  return { rows: n, cols: n, data };
}

export function at(m: CMatrix, i: number, j: number): Complex {
  return m.data[i * m.cols + j]!;
}

function elementwise(a: CMatrix, b: CMatrix, op: (x: Complex, y: Complex) => Complex): CMatrix {
  if (a.rows !== b.rows || a.cols !== b.cols) throw new RangeError('cmatrix: shapes differ');
  return { rows: a.rows, cols: a.cols, data: a.data.map((x, k) => op(x, b.data[k]!)) };
}

export const madd = (a: CMatrix, b: CMatrix): CMatrix => elementwise(a, b, add);
export const msub = (a: CMatrix, b: CMatrix): CMatrix => elementwise(a, b, sub);

/** `s * M` for a complex scalar (NumPy casts a float scalar to complex first). */
export function mscale(m: CMatrix, s: Complex): CMatrix {
  return { rows: m.rows, cols: m.cols, data: m.data.map((x) => mul(s, x)) };
}

/** `M.conj().T`. */
export function adjoint(m: CMatrix): CMatrix {
  const data: Complex[] = [];
  for (let j = 0; j < m.cols; j++) for (let i = 0; i < m.rows; i++) data.push(conj(at(m, i, j)));
  return { rows: m.cols, cols: m.rows, data };
}

/** `np.kron(a, b)`: entry (i·p + k, j·q + l) is a[i, j] · b[k, l]. */
export function kron(a: CMatrix, b: CMatrix): CMatrix {
  const rows = a.rows * b.rows;
  const cols = a.cols * b.cols;
  const data = new Array<Complex>(rows * cols);
  for (let i = 0; i < a.rows; i++)
    for (let j = 0; j < a.cols; j++)
      for (let k = 0; k < b.rows; k++)
        for (let l = 0; l < b.cols; l++)
          data[(i * b.rows + k) * cols + j * b.cols + l] = mul(at(a, i, j), at(b, k, l));
  return { rows, cols, data };
}
