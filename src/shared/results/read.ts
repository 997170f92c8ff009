import type { TNode } from './tree';
import { childCount, describeNode, fieldOf, itemAt } from './tree';
import { iqPairsOf, isNdarray, isNpScalar, ndarrayOf } from './sdk-data';
import { ShapeError, join } from './shape-error';

export { ShapeError, join };

/**
 * Readers that turn tree nodes into the arrays a viewer needs, accepting both the spelled-out
 * and the compact forms. Each throws `ShapeError` naming the path and what was found, which the
 * viewer shows as its note when it falls back to the tree view.
 */

export function required(node: TNode, name: string, path: string): TNode {
  const value = fieldOf(node, name);
  if (value === undefined) throw new ShapeError(join(path, name), 'a value', 'no such key');
  return value;
}

export function optional(node: TNode, name: string): TNode | undefined {
  const value = fieldOf(node, name);
  return value && !(value.kind === 'scalar' && value.value === null) ? value : undefined;
}

/** A number: a plain one, or the SDK's NumPy scalar `!np_scalar {dtype, value}` (an optimiser's cost). */
export function numberOf(node: TNode | undefined, path: string): number {
  if (node?.kind === 'scalar' && typeof node.value === 'number') return node.value;
  if (node && isNpScalar(node)) return numberOf(fieldOf(node, 'value'), join(path, 'value'));
  throw new ShapeError(path, 'a number', describeNode(node));
}

export function optionalNumber(node: TNode | undefined, path: string): number | null {
  return node === undefined || (node.kind === 'scalar' && node.value === null)
    ? null
    : numberOf(node, path);
}

/** A list of numbers, or the SDK's `!ndarray` of them (its values flattened, row-major). */
export function numbersOf(node: TNode | undefined, path: string): Float64Array {
  if (node?.kind === 'numbers') return node.values;
  if (node && isNdarray(node)) return ndarrayOf(node, path).values;
  if (node?.kind === 'seq') {
    const out = new Float64Array(node.items.length);
    node.items.forEach((item, i) => (out[i] = numberOf(item, join(path, i))));
    return out;
  }
  throw new ShapeError(path, 'a list of numbers', describeNode(node));
}

export interface ComplexArray {
  re: Float64Array;
  im: Float64Array;
}

/**
 * `[!complex {real, imag}, ...]`; a plain number counts as a real amplitude. The SDK's
 * `!ndarray` of shape (N, 2) reads as N points of (real, imaginary) — an experiment's I and Q.
 */
export function complexesOf(node: TNode | undefined, path: string): ComplexArray {
  if (node?.kind === 'complexes') return { re: node.re, im: node.im };
  if (node && isNdarray(node)) return iqPairsOf(ndarrayOf(node, path), path);
  if (node?.kind === 'numbers')
    return { re: node.values, im: new Float64Array(node.values.length) };
  if (node?.kind === 'seq') {
    const re = new Float64Array(node.items.length);
    const im = new Float64Array(node.items.length);
    node.items.forEach((item, i) => {
      const at = join(path, i);
      if (item.kind === 'scalar') {
        re[i] = numberOf(item, at);
        return;
      }
      if (item.kind !== 'map' && item.kind !== 'counts')
        throw new ShapeError(at, 'a !complex {real, imag}', describeNode(item));
      re[i] = numberOf(fieldOf(item, 'real'), join(at, 'real'));
      im[i] = numberOf(fieldOf(item, 'imag'), join(at, 'imag'));
    });
    return { re, im };
  }
  throw new ShapeError(path, 'a list of !complex numbers', describeNode(node));
}

export interface Rows {
  width: number;
  count: number;
  /** Row-major. */
  values: Float64Array;
}

/** `[[t, v1, v2], ...]`: every row as long as the first. */
export function rowsOf(node: TNode | undefined, path: string): Rows {
  if (node?.kind === 'rows')
    return { width: node.width, count: childCount(node), values: node.values };
  if (node?.kind === 'seq' || node?.kind === 'numbers') {
    const count = childCount(node);
    if (count === 0) return { width: 0, count: 0, values: new Float64Array(0) };
    const first = numbersOf(itemAt(node, 0), join(path, 0));
    const width = first.length;
    const values = new Float64Array(count * width);
    for (let i = 0; i < count; i++) {
      const row = i === 0 ? first : numbersOf(itemAt(node, i), join(path, i));
      if (row.length !== width)
        throw new ShapeError(join(path, i), `a row of ${width} numbers`, `${row.length}`);
      values.set(row, i * width);
    }
    return { width, count, values };
  }
  throw new ShapeError(path, 'a list of rows of numbers', describeNode(node));
}

export interface CountTable {
  keys: string[];
  values: Float64Array;
}

/** `{key: number, ...}` */
export function countsOf(node: TNode | undefined, path: string): CountTable {
  if (node?.kind === 'counts') return { keys: node.keys, values: node.values };
  if (node?.kind === 'map') {
    const values = new Float64Array(node.entries.length);
    node.entries.forEach((e, i) => (values[i] = numberOf(e.value, join(path, e.key))));
    return { keys: node.entries.map((e) => e.key), values };
  }
  throw new ShapeError(path, 'a mapping of outcomes to numbers', describeNode(node));
}

export function itemsOf(node: TNode | undefined, path: string): TNode[] {
  if (node?.kind === 'seq') return node.items;
  if (node && (node.kind === 'numbers' || node.kind === 'complexes' || node.kind === 'rows')) {
    return Array.from({ length: childCount(node) }, (_, i) => itemAt(node, i)!);
  }
  throw new ShapeError(path, 'a list', describeNode(node));
}

export function mappingOf(node: TNode | undefined, path: string): TNode {
  if (node?.kind === 'map' || node?.kind === 'counts') return node;
  throw new ShapeError(path, 'a mapping', describeNode(node));
}

export function textOf(node: TNode | undefined): string | null {
  if (node?.kind !== 'scalar' || node.value === null) return null;
  return String(node.value);
}
