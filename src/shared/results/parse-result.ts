import type { Node } from 'yaml';
import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import { RESULT_LIMITS, keyString, parsePayloadText, resolveNode } from '../yaml';
import type { BulkScan } from './bulk-scan';
import { originalLine, scanBulk } from './bulk-scan';
import type { TEntry, TNode, TScalar } from './tree';
import { childCount, itemAt, scalar } from './tree';

/** Collections at least this long are stored compactly (see tree.ts). */
const COMPACT_MIN = 32;

export class ResultParseError extends Error {
  override readonly name = 'ResultParseError';
  constructor(
    message: string,
    readonly problems: string[],
  ) {
    super(message);
  }
}

/**
 * A result's YAML text → plain tree, tags kept as data, never resolved or run. Throws
 * `ResultParseError` (with each problem in words and its line) when the text is not YAML.
 */
export function parseResultTree(text: string): TNode {
  const scan = scanBulk(text);
  // Depth and node counts are checked while the skeleton is read (RESULT_LIMITS).
  const { doc, problems } = parsePayloadText(scan.skeleton, RESULT_LIMITS);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length) {
    const lines = errors.map(
      (p) => `line ${originalLine(scan, p.line)}, column ${p.column}: ${p.message}`,
    );
    throw new ResultParseError(`the result is not valid YAML (${lines[0]})`, lines);
  }
  const converter = new Converter(scan);
  return converter.convert(doc.contents, 0);
}

const isNumberScalar = (n: TNode): n is TScalar & { value: number } =>
  n.kind === 'scalar' && n.tag === null && typeof n.value === 'number';

function isComplexMap(n: TNode): boolean {
  if (n.kind !== 'map' || !n.tag || !/complex$/i.test(n.tag) || n.entries.length !== 2)
    return false;
  const keys = n.entries.map((e) => e.key).sort();
  return (
    keys[0] === 'imag' && keys[1] === 'real' && n.entries.every((e) => isNumberScalar(e.value))
  );
}

function complexParts(n: TNode): [number, number] {
  const map = n as Extract<TNode, { kind: 'map' }>;
  const get = (k: string) =>
    (map.entries.find((e) => e.key === k)!.value as TScalar).value as number;
  return [get('real'), get('imag')];
}

/** A list of item nodes → one compact node when they are all alike (else null). */
function compactItems(items: readonly TNode[], tag: string | null): TNode | null {
  if (items.length === 0) return null;
  if (items.every(isNumberScalar)) {
    return {
      kind: 'numbers',
      tag,
      values: Float64Array.from(items, (n) => (n as TScalar).value as number),
    };
  }
  if (items.every(isComplexMap)) {
    const re = new Float64Array(items.length);
    const im = new Float64Array(items.length);
    items.forEach((n, i) => ([re[i], im[i]] = complexParts(n)));
    return { kind: 'complexes', tag, itemTag: items[0]!.tag, re, im };
  }
  const first = items[0]!;
  if (first.kind === 'numbers' && first.tag === null) {
    const width = first.values.length;
    if (
      width > 0 &&
      items.every((n) => n.kind === 'numbers' && n.tag === null && n.values.length === width)
    ) {
      const values = new Float64Array(items.length * width);
      items.forEach((n, i) =>
        values.set((n as Extract<TNode, { kind: 'numbers' }>).values, i * width),
      );
      return { kind: 'rows', tag, width, values };
    }
  }
  return null;
}

/** Expand a compact node back into items (only when a run sits among unlike items). */
function expand(node: TNode): TNode[] {
  return Array.from({ length: childCount(node) }, (_, i) => itemAt(node, i)!);
}

class Converter {
  private readonly done = new Map<Node, TNode>();
  private readonly active = new Set<Node>();

  constructor(private readonly scan: BulkScan) {}

  private bulk(node: Node): TNode | null {
    if (!isScalar(node) || node.tag !== this.scan.bulkTag) return null;
    return this.scan.bulks[Number(node.value)] ?? null;
  }

  convert(input: unknown, depth: number): TNode {
    if (input == null) return scalar(null);
    const node = isAlias(input) ? resolveNode(input) : (input as Node);
    if (!node) return scalar(`*${isAlias(input) ? input.source : '?'} (an alias to nothing)`);
    const known = this.done.get(node);
    if (known) return known;
    // An alias inside the node it names would be endless; show it as text.
    if (this.active.has(node) || depth > 200) return scalar('(a recursive alias)');
    this.active.add(node);
    const out = this.build(node, depth);
    this.active.delete(node);
    this.done.set(node, out);
    return out;
  }

  private build(node: Node, depth: number): TNode {
    const tag = node.tag ?? null;
    if (isScalar(node)) {
      const bulk = this.bulk(node);
      if (bulk) return bulk;
      const v = node.value;
      const value =
        v === null || v === undefined
          ? null
          : typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean'
            ? v
            : String(v);
      return scalar(value, tag);
    }
    if (isMap(node)) return this.mapping(node.items, tag, depth);
    if (isSeq(node)) return this.sequence(node.items, tag, depth);
    return scalar(String(node), tag);
  }

  private keyText(key: unknown): string {
    // A plain key keeps its text: `0101: 3` names the outcome "0101", not the number 101.
    if (isScalar(key) && key.srcToken?.type === 'scalar') return key.srcToken.source;
    return keyString(key);
  }

  private mapping(items: readonly unknown[], tag: string | null, depth: number): TNode {
    const entries: TEntry[] = [];
    const bulks: TNode[] = [];
    for (const pair of items) {
      if (!isPair(pair)) continue;
      const bulk = isScalar(pair.value) ? this.bulk(pair.value) : null;
      if (bulk && bulk.kind === 'counts') {
        bulks.push(bulk);
        entries.push({ key: '', value: bulk });
        continue;
      }
      entries.push({ key: this.keyText(pair.key), value: this.convert(pair.value, depth + 1) });
    }
    if (entries.length === 1 && bulks.length === 1) return { ...bulks[0]!, tag } as TNode;
    const plain = entries.filter((e) => !bulks.includes(e.value));
    if (
      plain.every((e) => isNumberScalar(e.value)) &&
      (bulks.length > 0 || plain.length >= COMPACT_MIN)
    ) {
      const keys: string[] = [];
      const values: number[] = [];
      for (const e of entries) {
        if (e.value.kind === 'counts' && bulks.includes(e.value)) {
          for (let i = 0; i < e.value.keys.length; i++) {
            keys.push(e.value.keys[i]!);
            values.push(e.value.values[i]!);
          }
        } else {
          keys.push(e.key);
          values.push((e.value as TScalar).value as number);
        }
      }
      return { kind: 'counts', tag, keys, values: Float64Array.from(values) };
    }
    const flat: TEntry[] = [];
    for (const e of entries) {
      if (e.value.kind === 'counts' && bulks.includes(e.value)) {
        const c = e.value;
        c.keys.forEach((key, i) => flat.push({ key, value: scalar(c.values[i]!) }));
      } else flat.push(e);
    }
    return { kind: 'map', tag, entries: flat };
  }

  private sequence(items: readonly unknown[], tag: string | null, depth: number): TNode {
    const parts: TNode[] = [];
    const runs = new Set<TNode>();
    for (const item of items) {
      const bulk = isScalar(item) ? this.bulk(item) : null;
      if (bulk) runs.add(bulk);
      parts.push(bulk ?? this.convert(item, depth + 1));
    }
    if (runs.size === 1 && parts.length === 1) return { ...parts[0]!, tag } as TNode;
    // Runs next to other items: merge when alike, else spell the run out.
    const flat = runs.size ? parts.flatMap((p) => (runs.has(p) ? expand(p) : [p])) : parts;
    if (flat.length >= COMPACT_MIN || runs.size) {
      const compact = compactItems(flat, tag);
      if (compact) return compact;
    }
    return { kind: 'seq', tag, items: flat };
  }
}
