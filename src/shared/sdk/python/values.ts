import type { SdkMap, SdkNode, SdkSeq } from '../node';
import { sdkFloat, sdkInt, sdkMap, sdkSeq, sdkStr } from '../node';
import type { Complex } from '../numeric/complex';
import type { CMatrix } from '../numeric/cmatrix';
import type { PyNum } from '../../dialect/parameter-domain';

/*
 * Python values as the SDK's YAML holds them (see test/fixtures/sdk/README.md): builders make
 * these, never text. A Python number is a `PyNumber`: a bigint is an int, a number a float (the
 * SDK keeps `_value: 0` apart from `_value: 0.0`).
 */

export type PyNumber = number | bigint;

/** `3` or `3.0`, as Python holds it. */
export function pyNumber(x: PyNumber): SdkNode {
  return typeof x === 'bigint' ? sdkInt(x) : sdkFloat(x);
}

/** A number of the model (`{value, int?}`) as the Python number it stands for. */
export function fromPyNum(n: PyNum): PyNumber {
  return n.int ? BigInt(n.digits ?? n.value) : n.value;
}

/** The value of a Python number as a double (for arithmetic). */
export const toDouble = (x: PyNumber): number => Number(x);

export const pyList = (items: SdkNode[]): SdkSeq => sdkSeq(items);
/** A dict with string keys, in insertion order. */
export const pyDict = (entries: ReadonlyArray<readonly [string | SdkNode, SdkNode]> = []): SdkMap =>
  sdkMap(entries);

/** `!tuple [..]`. */
export function pyTuple(items: SdkNode[]): SdkSeq {
  return sdkSeq(items, '!tuple');
}

/** A tuple of ints (qubits, shapes). */
export function intTuple(values: readonly number[]): SdkSeq {
  return pyTuple(values.map((v) => sdkInt(v)));
}

/** `!complex {imag, real}`: a Python or NumPy complex. */
export function complexNode(z: Complex): SdkMap {
  return sdkMap(
    [
      ['imag', sdkFloat(z.im)],
      ['real', sdkFloat(z.re)],
    ],
    '!complex',
  );
}

/** `!ndarray {data, dtype, shape}` of a complex128 matrix (row-major, flattened). */
export function complexNdarray(m: CMatrix): SdkMap {
  return sdkMap(
    [
      ['data', pyList(m.data.map(complexNode))],
      ['dtype', sdkStr('complex128')],
      ['shape', intTuple([m.rows, m.cols])],
    ],
    '!ndarray',
  );
}

/** `!ndarray` of a one-dimensional float64 array (`np.zeros(n)`). */
export function floatNdarray(values: readonly number[]): SdkMap {
  return sdkMap(
    [
      ['data', pyList(values.map((v) => sdkFloat(v)))],
      ['dtype', sdkStr('float64')],
      ['shape', intTuple([values.length])],
    ],
    '!ndarray',
  );
}

/** `!type module.Class`: a class by its qualified name. */
export function pyType(qualifiedName: string): SdkNode {
  return sdkStr(qualifiedName, '!type');
}

/**
 * A Python object being built: a tagged mapping of its attributes, set in the order the SDK's
 * `__init__` sets them (setting one again keeps its first place, as a dict does).
 */
export class PyObject {
  readonly node: SdkMap;

  constructor(tag: string) {
    this.node = sdkMap([], tag);
  }

  set(name: string, value: SdkNode): this {
    const entries = this.node.entries;
    const at = entries.findIndex(([k]) => k.kind === 'str' && k.value === name);
    if (at >= 0) entries[at] = [entries[at]![0], value];
    else entries.push([sdkStr(name), value]);
    return this;
  }

  get(name: string): SdkNode | undefined {
    for (const [k, v] of this.node.entries) if (k.kind === 'str' && k.value === name) return v;
    return undefined;
  }
}

/** Sets (or replaces) `key` of a dict node, keeping its first place. */
export function dictSet(dict: SdkMap, key: string, value: SdkNode): void {
  const entries = dict.entries;
  const at = entries.findIndex(([k]) => k.kind === 'str' && k.value === key);
  if (at >= 0) entries[at] = [entries[at]![0], value];
  else entries.push([sdkStr(key), value]);
}

export function dictHas(dict: SdkMap, key: string): boolean {
  return dict.entries.some(([k]) => k.kind === 'str' && k.value === key);
}
