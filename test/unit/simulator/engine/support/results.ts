import { expect } from 'vitest';
import type { SdkNode } from '../../../../../src/shared/sdk/node';
import { readSdkYaml } from '../../../../../src/shared/sdk/yaml';
import type { EngineOutcome } from '../../../../../src/simulator/engine';

/**
 * A parsed result: the SDK's result graph as plain data for assertions. Tags are kept under
 * "$tag"; private attribute names lose their leading `_` (`_samples` → `samples`); `!ndarray`
 * becomes nested lists by its shape, `!np_scalar` its number, `!tuple` a list, a `!QTensor` ket
 * its list of `!complex` amplitudes (a density matrix its rows).
 */
export type Parsed = { $tag?: string; [key: string]: unknown };

export function expectOk(outcome: EngineOutcome): { resultField: string; yaml: string } {
  if (!outcome.ok) throw new Error(`expected success, got: ${outcome.errorLogs}`);
  return { resultField: outcome.resultField, yaml: outcome.resultYaml };
}

/** Read a result YAML string with the SDK reader (the writer's exact form), as plain data. */
export function parseResult(yaml: string): Parsed {
  const doc = readSdkYaml(yaml);
  expect(doc.problems).toEqual([]);
  return toData(doc.node!) as Parsed;
}

/** The raw SDK graph of a result, to check tags and keys exactly. */
export function sdkGraph(yaml: string): SdkNode {
  const doc = readSdkYaml(yaml);
  expect(doc.problems).toEqual([]);
  return doc.node!;
}

function get(node: SdkNode, key: string): SdkNode {
  if (node.kind !== 'map') throw new Error('not a mapping');
  const hit = node.entries.find(([k]) => k.kind === 'str' && k.value === key);
  if (!hit) throw new Error(`no ${key}`);
  return hit[1];
}

function reshape(flat: unknown[], shape: number[]): unknown {
  if (shape.length <= 1) return flat;
  const [, ...rest] = shape;
  const size = rest.reduce((a, b) => a * b, 1);
  return Array.from({ length: shape[0]! }, (_, i) =>
    reshape(flat.slice(i * size, (i + 1) * size), rest),
  );
}

function toData(node: SdkNode): unknown {
  switch (node.kind) {
    case 'null':
      return null;
    case 'bool':
    case 'float':
    case 'str':
      return node.value;
    case 'int':
      return Number(node.value);
    case 'seq':
      return node.items.map(toData);
    case 'map': {
      if (node.tag === '!np_scalar') return toData(get(node, 'value'));
      if (node.tag === '!ndarray')
        return reshape(
          toData(get(node, 'data')) as unknown[],
          toData(get(node, 'shape')) as number[],
        );
      if (node.tag === '!QTensor') {
        const csr = node.entries.some(([k]) => k.kind === 'str' && k.value === '_data')
          ? get(node, '_data')
          : get(node, 'data');
        const [rows, cols] = toData(get(csr, 'shape')) as [number, number];
        const zero = () => ({ $tag: '!complex', real: 0, imag: 0 });
        const dense: unknown[] = Array.from({ length: rows * cols }, zero);
        const data = toData(get(csr, 'data')) as unknown[];
        const indices = toData(get(csr, 'indices')) as number[];
        const indptr = toData(get(csr, 'indptr')) as number[];
        for (let r = 0; r < rows; r++)
          for (let k = indptr[r]!; k < indptr[r + 1]!; k++) dense[r * cols + indices[k]!] = data[k];
        return cols === 1 ? dense : reshape(dense, [rows, cols]);
      }
      const out: Parsed = {};
      if (node.tag) out.$tag = node.tag;
      for (const [k, v] of node.entries) {
        const key = k.kind === 'str' ? k.value.replace(/^_/, '') : String(toData(k));
        out[key] = toData(v);
      }
      return out;
    }
  }
}

export function complexOf(v: unknown): { re: number; im: number } {
  const c = v as Parsed;
  expect(c.$tag).toBe('!complex');
  return { re: c.real as number, im: c.imag as number };
}
