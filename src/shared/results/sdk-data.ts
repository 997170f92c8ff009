import { ShapeError, join } from './shape-error';
import type { TNode } from './tree';
import { childCount, describeNode, fieldOf, itemAt, tagName } from './tree';

/*
 * The NumPy and SciPy data tags of qilisdk's results, read from the result tree: `!ndarray
 * {data, dtype, shape}` (data flattened row-major), `!np_scalar {dtype, value}`, `!csr_matrix
 * {data, indices, indptr, shape}` and the `!QTensor` that holds one (0.1.6: `_data`, 0.2.x:
 * `data`). Each reader throws `ShapeError` naming the path and what it found.
 */

const tagged = (node: TNode, name: string): boolean =>
  (node.kind === 'map' || node.kind === 'counts') && tagName(node.tag) === name;

export const isNdarray = (node: TNode): boolean => tagged(node, 'ndarray');
export const isNpScalar = (node: TNode): boolean => tagged(node, 'np_scalar');
export const isQTensor = (node: TNode): boolean => tagged(node, 'QTensor');

function num(node: TNode | undefined, path: string): number {
  if (node?.kind === 'scalar' && typeof node.value === 'number') return node.value;
  throw new ShapeError(path, 'a number', describeNode(node));
}

function nums(node: TNode | undefined, path: string): Float64Array {
  if (node?.kind === 'numbers') return node.values;
  if (node?.kind === 'seq') return Float64Array.from(node.items, (n, i) => num(n, join(path, i)));
  throw new ShapeError(path, 'a list of numbers', describeNode(node));
}

export interface NdArray {
  /** Row-major. */
  values: Float64Array;
  shape: number[];
}

/** A real `!ndarray` (float64 or int64). Complex dtypes are refused: nothing the viewers read has them. */
export function ndarrayOf(node: TNode, path: string): NdArray {
  const dtype = fieldOf(node, 'dtype');
  if (
    dtype?.kind === 'scalar' &&
    typeof dtype.value === 'string' &&
    dtype.value.startsWith('complex')
  )
    throw new ShapeError(join(path, 'dtype'), 'a real dtype', dtype.value);
  const values = nums(fieldOf(node, 'data'), join(path, 'data'));
  const shape = Array.from(nums(fieldOf(node, 'shape'), join(path, 'shape')));
  const size = shape.reduce((a, b) => a * b, 1);
  if (size !== values.length)
    throw new ShapeError(
      join(path, 'shape'),
      `a shape that holds ${values.length} values`,
      `[${shape.join(', ')}]`,
    );
  return { values, shape };
}

/** An (N, 2) array as N complex points (column 0 real or I, column 1 imaginary or Q). */
export function iqPairsOf(a: NdArray, path: string): { re: Float64Array; im: Float64Array } {
  if (a.shape.length !== 2 || a.shape[1] !== 2)
    throw new ShapeError(
      path,
      'an array of shape (N, 2): I and Q per point',
      `shape [${a.shape.join(', ')}]`,
    );
  const n = a.shape[0]!;
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    re[i] = a.values[2 * i]!;
    im[i] = a.values[2 * i + 1]!;
  }
  return { re, im };
}

/** A dense complex matrix, row-major. */
export interface DenseMatrix {
  rows: number;
  cols: number;
  re: Float64Array;
  im: Float64Array;
}

function complexAt(node: TNode, k: number, path: string): [number, number] {
  const item = itemAt(node, k);
  if (item?.kind === 'scalar') return [num(item, join(path, k)), 0];
  if (item?.kind === 'map' || item?.kind === 'counts')
    return [num(fieldOf(item, 'real'), join(path, k)), num(fieldOf(item, 'imag'), join(path, k))];
  throw new ShapeError(join(path, k), 'a !complex number', describeNode(item));
}

/** `!csr_matrix {data, indices, indptr, shape}` → the dense matrix (unlisted entries are 0). */
export function csrMatrixOf(node: TNode, path: string): DenseMatrix {
  const shape = nums(fieldOf(node, 'shape'), join(path, 'shape'));
  const [rows, cols] = [shape[0] ?? -1, shape[1] ?? -1];
  if (shape.length !== 2 || !(rows > 0 && cols > 0) || rows * cols > 1 << 26)
    throw new ShapeError(
      join(path, 'shape'),
      'a matrix shape of at most 2^26 entries',
      `[${Array.from(shape).join(', ')}]`,
    );
  const dataPath = join(path, 'data');
  const data = fieldOf(node, 'data');
  if (!data) throw new ShapeError(dataPath, 'a list of values', 'no such key');
  const indices = nums(fieldOf(node, 'indices'), join(path, 'indices'));
  const indptr = nums(fieldOf(node, 'indptr'), join(path, 'indptr'));
  if (indptr.length !== rows + 1 || indices.length !== childCount(data))
    throw new ShapeError(
      path,
      `indptr of ${rows + 1} and one index per value`,
      `${indptr.length} and ${indices.length} for ${childCount(data)}`,
    );
  const re = new Float64Array(rows * cols);
  const im = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let k = indptr[r]!; k < indptr[r + 1]!; k++) {
      const c = indices[k]!;
      if (!(c >= 0 && c < cols && Number.isInteger(c)))
        throw new ShapeError(join(join(path, 'indices'), k), `a column below ${cols}`, String(c));
      [re[r * cols + c], im[r * cols + c]] = complexAt(data, k, dataPath);
    }
  }
  return { rows, cols, re, im };
}

/** `!QTensor {data | _data: !csr_matrix}` → its dense matrix (a ket is 2^n × 1). */
export function qtensorOf(node: TNode, path: string): DenseMatrix {
  const key = node.kind === 'map' && node.entries.some((e) => e.key === '_data') ? '_data' : 'data';
  const csr = fieldOf(node, key);
  if (!csr || !tagged(csr, 'csr_matrix'))
    throw new ShapeError(join(path, key), 'a !csr_matrix', describeNode(csr));
  return csrMatrixOf(csr, join(path, key));
}
