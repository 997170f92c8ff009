import type { SdkMap, SdkNode } from '../../src/shared/sdk/node';
import { sdkGet } from '../../src/shared/sdk/node';
import type { DenseState, PyFloat } from '../../src/shared/sdk/results/data';
import type { SweepAxis } from '../../src/shared/sdk/results/dimension';

/*
 * Values read out of the SDK's own result graphs (readSdkYaml), so a builder can be given them
 * and its graph compared with the SDK's: these readers know only the data tags, not the result
 * classes, so a builder that sets a field the SDK does not (or misses one) is caught.
 */

export function map(node: SdkNode | undefined, what = 'a mapping'): SdkMap {
  if (node?.kind !== 'map') throw new Error(`expected ${what}, found ${node?.kind ?? 'nothing'}`);
  return node;
}

export function field(node: SdkNode | undefined, key: string): SdkNode {
  const value = sdkGet(map(node), key);
  if (value === undefined) throw new Error(`no key ${key}`);
  return value;
}

export function num(node: SdkNode): number {
  if (node.kind === 'int') return Number(node.value);
  if (node.kind === 'float') return node.value;
  throw new Error(`expected a number, found ${node.kind}`);
}

export function pyFloat(node: SdkNode): PyFloat {
  if (node.kind === 'map' && node.tag === '!np_scalar')
    return { value: num(field(node, 'value')), numpy: true };
  return { value: num(node) };
}

export function list(node: SdkNode): SdkNode[] {
  if (node.kind !== 'seq') throw new Error(`expected a sequence, found ${node.kind}`);
  return node.items;
}

export const numbers = (node: SdkNode): number[] => list(node).map(num);

export function table(node: SdkNode): Array<[string, number]> {
  return map(node).entries.map(([k, v]) => {
    if (k.kind !== 'str') throw new Error('expected string keys');
    return [k.value, num(v)];
  });
}

export function ndarray(node: SdkNode): { values: number[]; shape: number[] } {
  if (node.kind !== 'map' || node.tag !== '!ndarray') throw new Error('expected an !ndarray');
  return { values: numbers(field(node, 'data')), shape: numbers(field(node, 'shape')) };
}

/** A `!csr_matrix` as a dense row-major state. */
export function denseOfCsr(csr: SdkNode): DenseState {
  const [rows, cols] = numbers(field(csr, 'shape')) as [number, number];
  const re = new Float64Array(rows * cols);
  const im = new Float64Array(rows * cols);
  const data = list(field(csr, 'data'));
  const indices = numbers(field(csr, 'indices'));
  const indptr = numbers(field(csr, 'indptr'));
  for (let r = 0; r < rows; r++) {
    for (let k = indptr[r]!; k < indptr[r + 1]!; k++) {
      const z = data[k]!;
      const c = indices[k]!;
      if (z.kind === 'map') {
        re[r * cols + c] = num(field(z, 'real'));
        im[r * cols + c] = num(field(z, 'imag'));
      } else re[r * cols + c] = num(z);
    }
  }
  return { re, im, rows, cols };
}

export function iqPoints(data: SdkNode): Array<{ re: number; im: number }> {
  const { values, shape } = ndarray(data);
  return Array.from({ length: shape[0]! }, (_, i) => ({
    re: values[2 * i]!,
    im: values[2 * i + 1]!,
  }));
}

export function dims(node: SdkNode): SweepAxis[][] {
  return list(node).map((d) => {
    const labels = list(field(d, 'labels')).map((l) => (l.kind === 'str' ? l.value : ''));
    const values = list(field(d, 'values')).map((v) => ndarray(v).values);
    return labels.map((label, i) => ({ label, values: values[i]! }));
  });
}
