import type { Node, YAMLSeq } from 'yaml';
import { fastSeq } from './fast-nodes';
import {
  codeAt,
  isIdent,
  isIdentStart,
  NL,
  NON_STRING_KEYS,
  skipSpaces,
  SPACE,
} from './plain-chars';

/*
 * A block sequence's items kept as plain numbers until someone asks for their nodes. A megabyte
 * of gates is 28,000 lines like `- !RY {qubit: 3, theta: 0.25}`; as the `yaml` package's nodes
 * each is a mapping, two pairs, four scalars, five range arrays and its props, some 800 bytes
 * that all live until the check ends, and the collector copied them again and again (most of
 * the time of a validation went to it). Read compactly, an item is its tag, its keys (strings
 * the reader already holds) and its numbers: some 60 bytes.
 *
 * The sequence is a `YAMLSeq` like any other: the first read of its `items` makes every node,
 * exactly as the plain reader makes them (it reads each item's line again, from the offset kept
 * here), so nothing that walks the tree can tell. The dialect's gate reader asks for the
 * compact form instead (`compactItemsOf`) and makes no node for a plain gate; a node is made
 * for one item alone when that item must be read the general way.
 * `test/unit/shared/yaml/compact-items.test.ts` holds the two forms to the same data.
 */

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Exact powers of ten: a decimal of at most 15 digits divided by one is rounded correctly. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);
const MAX_DIGITS = 15;

/** The items of one block sequence, each either compact or a node (see above). */
export class CompactItems {
  /** Offset of each item's `-`. */
  readonly starts: number[] = [];
  /** Each item's node: made while reading for an item not in the compact form, else on demand. */
  readonly nodes: (Node | null)[] = [];
  /** A compact item's tag (`!RY`); undefined for an item read as a node. */
  readonly tags: (string | undefined)[] = [];
  /** Item `i`'s entries are `keys[firsts[i]]` … `keys[firsts[i + 1] - 1]`, and their numbers. */
  readonly firsts: number[] = [0];
  readonly keys: string[] = [];
  readonly numbers: number[] = [];

  constructor(private readonly readItem: (start: number) => Node) {}

  get length(): number {
    return this.starts.length;
  }

  addNode(start: number, node: Node): void {
    this.starts.push(start);
    this.nodes.push(node);
    this.tags.push(undefined);
    this.firsts.push(this.keys.length);
  }

  /** Adds the item whose entries `scanCompactItem` has just added to `keys` and `numbers`. */
  addCompact(start: number, tag: string): void {
    this.starts.push(start);
    this.nodes.push(null);
    this.tags.push(tag);
    this.firsts.push(this.keys.length);
  }

  /** Item `i`'s node, made from its line the first time it is asked for. */
  node(i: number): Node {
    let node = this.nodes[i];
    if (node === undefined) throw new RangeError(`compact items: no item ${i}`);
    if (node === null) {
      node = this.readItem(this.starts[i]!);
      this.nodes[i] = node;
    }
    return node;
  }

  /** Every item's node, in order. */
  all(): Node[] {
    const nodes = new Array<Node>(this.length);
    for (let i = 0; i < nodes.length; i++) nodes[i] = this.node(i);
    return nodes;
  }
}

const COMPACT = Symbol('qjob.yaml.compactItems');
type CompactSeq = YAMLSeq & { [COMPACT]?: CompactItems };

function readItems(this: CompactSeq): unknown[] {
  const items = this[COMPACT]!.all();
  setItems.call(this, items);
  return items;
}

function setItems(this: CompactSeq, items: unknown[]): void {
  // From now on the items are these nodes, whatever the compact ones were.
  delete this[COMPACT];
  // Redefined in place, so `items` keeps its place among the node's own fields.
  Object.defineProperty(this, 'items', {
    value: items,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/** A `YAMLSeq` whose `items` are made from `compact` when first read. */
export function compactSeq(compact: CompactItems): YAMLSeq {
  const seq = fastSeq() as CompactSeq;
  Object.defineProperty(seq, 'items', {
    get: readItems,
    set: setItems,
    enumerable: true,
    configurable: true,
  });
  Object.defineProperty(seq, COMPACT, { value: compact, configurable: true });
  return seq;
}

/** The compact items of `node` until its `items` are read or set, else undefined. */
export function compactItemsOf(node: unknown): CompactItems | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  return (node as CompactSeq)[COMPACT];
}

/** The last item of a sequence or mapping, made alone when the sequence is still compact. */
export function lastItemOf(collection: { items: unknown[] }): unknown {
  const compact = compactItemsOf(collection);
  if (compact) return compact.length > 0 ? compact.node(compact.length - 1) : undefined;
  return collection.items[collection.items.length - 1];
}

/** What `scanCompactItem` needs of the reader: the text, and its one string per word. */
export interface WordSource {
  readonly text: string;
  word(at: number, end: number): string;
}

/**
 * Reads the value of a block sequence item at `at` (just after its `- `) when it is
 * `!Tag {key: number, …}` on one line, every number a plain decimal of at most 15 digits
 * (`3`, `-0.25`), the keys identifiers that differ; an optional comment may follow. Its entries
 * go into `into` (`keys`, `numbers`); returns the tag and leaves the offset after the line's
 * break in `lineEnd`, or returns undefined, adding nothing, when the line is anything else:
 * the plain reader then reads it the usual way, which decides whether it is valid at all.
 */
export function scanCompactItem(
  source: WordSource,
  at: number,
  into: CompactItems,
  out: { lineEnd: number },
): string | undefined {
  const text = source.text;
  if (codeAt(text, at) !== 33 || !isIdentStart(codeAt(text, at + 1))) return undefined;
  let e = at + 2;
  while (isIdent(codeAt(text, e))) e++;
  if (codeAt(text, e) !== SPACE) return undefined;
  const tag = source.word(at, e);
  let p = skipSpaces(text, e);
  if (codeAt(text, p) !== 123) return undefined;
  const mark = into.keys.length;
  p = skipSpaces(text, p + 1);
  for (;;) {
    const entry = scanEntry(source, p, into, mark);
    if (entry < 0) break;
    p = skipSpaces(text, entry);
    const c = codeAt(text, p);
    if (c === 125) {
      const rest = skipSpaces(text, p + 1);
      const after = codeAt(text, rest);
      if (after === NL || (after === 35 && rest > p + 1)) {
        const nl = text.indexOf('\n', rest);
        out.lineEnd = nl < 0 ? text.length : nl + 1;
        return tag;
      }
      break;
    }
    if (c !== 44) break;
    p = skipSpaces(text, p + 1);
  }
  into.keys.length = mark;
  into.numbers.length = mark;
  return undefined;
}

/**
 * One `key: number` entry of a compact item at `at`, added to `into`; returns the offset after
 * the number, or -1 when the entry is not in the compact form (or repeats a key since `mark`).
 */
function scanEntry(source: WordSource, at: number, into: CompactItems, mark: number): number {
  const text = source.text;
  if (!isIdentStart(codeAt(text, at))) return -1;
  let e = at + 1;
  while (isIdent(codeAt(text, e))) e++;
  if (codeAt(text, e) !== 58 || codeAt(text, e + 1) !== SPACE) return -1;
  const key = source.word(at, e);
  if (NON_STRING_KEYS.has(key)) return -1;
  for (let k = mark; k < into.keys.length; k++) if (into.keys[k] === key) return -1;
  let p = skipSpaces(text, e + 2);
  const negative = codeAt(text, p) === 45;
  if (negative) p++;
  if (!isDigit(codeAt(text, p))) return -1;
  let digits = 0;
  let mantissa = 0;
  let fraction = -1;
  for (; ; p++) {
    const c = codeAt(text, p);
    if (isDigit(c)) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0) fraction = 0;
    else break;
  }
  // `5.` (nothing after the point), a long number, or anything more (`1e3`, `1.5.2`, `3x`).
  if (fraction === 0 || digits > MAX_DIGITS) return -1;
  const c = codeAt(text, p);
  if (c !== SPACE && c !== 44 && c !== 125) return -1;
  const magnitude = fraction > 0 ? mantissa / POWERS_OF_TEN[fraction]! : mantissa;
  into.keys.push(key);
  into.numbers.push(negative ? -magnitude : magnitude);
  return p;
}
