import { isMap, isNode, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import { expect } from 'vitest';
import type { EngineOutcome } from '../../../../../src/simulator/engine';

/** A parsed result: the tagged YAML as plain data, tags kept under "$tag". */
export type Parsed = { $tag?: string; [key: string]: unknown };

export function expectOk(outcome: EngineOutcome): { resultField: string; yaml: string } {
  if (!outcome.ok) throw new Error(`expected success, got: ${outcome.errorLogs}`);
  return { resultField: outcome.resultField, yaml: outcome.resultYaml };
}

/** Parse a result YAML string back, keeping every tag (the point of the format). */
export function parseResult(yaml: string): Parsed {
  const doc = parseDocument(yaml);
  expect(doc.errors).toEqual([]);
  return toData(doc.contents) as Parsed;
}

function toData(node: unknown): unknown {
  if (!isNode(node)) return node ?? null;
  const n = node as Node;
  if (isMap(n)) {
    const out: Parsed = {};
    if (n.tag) out.$tag = n.tag;
    for (const pair of n.items)
      out[String(isScalar(pair.key) ? pair.key.value : pair.key)] = toData(pair.value);
    return out;
  }
  if (isSeq(n)) return n.items.map(toData);
  if (isScalar(n)) return n.value;
  return null;
}

export function complexOf(v: unknown): { re: number; im: number } {
  const c = v as Parsed;
  expect(c.$tag).toBe('!complex');
  return { re: c.real as number, im: c.imag as number };
}
