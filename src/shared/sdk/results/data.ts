import type { SdkMap, SdkNode, SdkSeq } from '../node';
import { sdkFloat, sdkInt, sdkMap, sdkSeq, sdkStr } from '../node';

/*
 * The NumPy and SciPy data that qilisdk's results carry, as its serializer (`qilisdk/yaml.py`)
 * writes them: `!ndarray {dtype, shape, data}` (data flattened row-major with `.ravel().tolist()`),
 * `!np_scalar {dtype, value}` (`.item()`), `!csr_matrix {data, indices, indptr, shape}`, `!tuple`
 * and `!complex {imag, real}`. Each mapping's entries are set in the order the SDK's representer
 * builds its dict; the writer sorts them as ruamel does.
 */

/** A number as the SDK holds it: a Python float, or a NumPy float64 scalar (`!np_scalar`). */
export interface PyFloat {
  readonly value: number;
  /** True for a NumPy scalar (`np.float64`), which the SDK writes as `!np_scalar`. */
  readonly numpy?: boolean;
}

/** A complex amplitude. */
export interface ComplexValue {
  readonly re: number;
  readonly im: number;
}

/** `!tuple [..]` of ints (shapes). */
export function intTupleNode(values: readonly number[]): SdkSeq {
  return sdkSeq(
    values.map((v) => sdkInt(v)),
    '!tuple',
  );
}

/** `!complex {imag, real}` (Python's `complex`, NumPy's `complex128`). */
export function complexNode(z: ComplexValue): SdkMap {
  return sdkMap(
    [
      ['real', sdkFloat(z.re)],
      ['imag', sdkFloat(z.im)],
    ],
    '!complex',
  );
}

/** A Python float, or `!np_scalar {dtype: float64, value}` for a NumPy one. */
export function pyFloatNode(x: PyFloat): SdkNode {
  if (!x.numpy) return sdkFloat(x.value);
  return sdkMap(
    [
      ['dtype', sdkStr('float64')],
      ['value', sdkFloat(x.value)],
    ],
    '!np_scalar',
  );
}

/** A list of Python floats (`[1.0, 2.5]`). */
export function floatListNode(values: ArrayLike<number>): SdkSeq {
  return sdkSeq(Array.from(values, (v) => sdkFloat(v)));
}

/**
 * `!ndarray` of float64 values with a shape (`[rows, cols]`, `[n]`, or `[0]` for
 * `np.array([])`), `values` row-major. Throws when the shape does not hold the values.
 */
export function float64Ndarray(values: ArrayLike<number>, shape: readonly number[]): SdkMap {
  const size = shape.reduce((a, b) => a * b, 1);
  if (size !== values.length) {
    throw new RangeError(
      `float64Ndarray: shape [${shape.join(', ')}] holds ${size} values, not ${values.length}`,
    );
  }
  return sdkMap(
    [
      ['dtype', sdkStr('float64')],
      ['shape', intTupleNode(shape)],
      ['data', floatListNode(values)],
    ],
    '!ndarray',
  );
}

/** `np.array([])`: what the SDK's results hold for "no values". */
export function emptyNdarray(): SdkMap {
  return float64Ndarray([], [0]);
}

/**
 * `!csr_matrix` of a complex matrix of `rows × cols`, `dense` row-major: only the entries
 * that are not exactly zero are stored (`csr_matrix(ndarray)` drops zeros), with int column
 * indices and row pointers, as SciPy builds it.
 */
export function complexCsrMatrix(
  re: ArrayLike<number>,
  im: ArrayLike<number>,
  rows: number,
  cols: number,
): SdkMap {
  const data: SdkNode[] = [];
  const indices: SdkNode[] = [];
  const indptr: SdkNode[] = [sdkInt(0)];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = r * cols + c;
      const a = re[k]!;
      const b = im[k]!;
      if (a === 0 && b === 0) continue;
      data.push(complexNode({ re: a, im: b }));
      indices.push(sdkInt(c));
    }
    indptr.push(sdkInt(data.length));
  }
  return sdkMap(
    [
      ['data', sdkSeq(data)],
      ['indices', sdkSeq(indices)],
      ['indptr', sdkSeq(indptr)],
      ['shape', intTupleNode([rows, cols])],
    ],
    '!csr_matrix',
  );
}

/** A state as the SDK's QTensor holds it: a ket (`cols` 1) or a density matrix, row-major. */
export interface DenseState {
  readonly re: ArrayLike<number>;
  readonly im: ArrayLike<number>;
  readonly rows: number;
  readonly cols: number;
}
