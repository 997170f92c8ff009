import { describe, expect, it } from 'vitest';
import { isAlias, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import { resolveNode } from '../../../../src/shared/yaml/origins';

/** A document parsed by `yaml` itself (not by parsePayloadText, which records the targets). */
function itemsOf(text: string): { doc: ReturnType<typeof parseDocument>; items: unknown[] } {
  const doc = parseDocument(text);
  if (!isSeq(doc.contents)) throw new Error('expected a sequence');
  return { doc, items: doc.contents.items };
}

const value = (node: Node | null): unknown => (isScalar(node) ? node.value : node);

describe('resolveNode on a document parsed elsewhere', () => {
  it('follows each alias to the last anchor of its name before it, as YAML says', () => {
    const { doc, items } = itemsOf('[&a 1, *a, &a 2, *a, {k: *a}]\n');
    expect(items.map((n) => (isAlias(n) ? value(resolveNode(n, doc)) : null))).toEqual([
      null,
      1,
      null,
      2,
      null,
    ]);
    const map = items[4];
    if (!isMap(map)) throw new Error('expected a mapping');
    expect(value(resolveNode(map.items[0]!.value, doc))).toBe(2);
  });

  it('answers null for an alias whose anchor comes only after it', () => {
    const { doc, items } = itemsOf('[*later, &later 3]\n');
    expect(isAlias(items[0])).toBe(true);
    expect(resolveNode(items[0], doc)).toBeNull();
  });

  it('answers the same as yaml’s own Alias.resolve for every alias of an SDK-like circuit', () => {
    const gates = Array.from(
      { length: 50 },
      (_, i) => `- {_parameters: ${i === 0 ? '&id001 {}' : '*id001'}, q: ${i}}`,
    );
    const doc = parseDocument(gates.join('\n') + '\n');
    if (!isSeq(doc.contents)) throw new Error('expected a sequence');
    for (const gate of doc.contents.items) {
      if (!isMap(gate)) throw new Error('expected a mapping');
      const ref = gate.items[0]!.value;
      if (isAlias(ref)) expect(resolveNode(ref, doc)).toBe(ref.resolve(doc));
    }
  });
});
