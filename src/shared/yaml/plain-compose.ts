import type { Node } from 'yaml';
import { Scalar } from 'yaml';
import type { Pair, YAMLMap, YAMLSeq } from 'yaml';
import type { LimitPassed } from './bounded-cst';
import type { NodeProps } from './cst-scan';
import { fastMap, fastPair, fastScalar, fastSeq } from './fast-nodes';
import { resolvePlain } from './plain-scalars';
import { recordProps } from './origins';
import { CompactItems, compactSeq, scanCompactItem } from './compact-items';
import type { WordSource } from './compact-items';
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
 * A one-pass reader for the plain YAML that payloads are made of, building the very nodes the
 * `yaml` package's composer builds (same classes, values, tags, ranges), about ten times faster:
 * a megabyte of gates is read in tens of milliseconds instead of most of a second.
 *
 * The subset: block mappings with identifier keys, block sequences, one-line flow collections,
 * plain and quoted one-line scalars, local tags (`!Circuit`), comments on content lines, and
 * comment or blank lines between the entries of one collection. Anything else (anchors,
 * aliases, block scalars, multi-line scalars, directives, odd comment placement, tabs, CR, any
 * error) makes it give up, and `parsePayloadText` reads the text with the `yaml` package as
 * before; so errors, warnings and every unusual document keep exactly their old treatment.
 * `test/unit/shared/yaml/plain-compose.test.ts` holds the two readers to the same trees.
 *
 * Block sequence items of the form `!Tag {key: number, …}` (a gate per line) are kept as
 * numbers (`compact-items.ts`) and made into nodes, by reading their lines again here, only
 * when the sequence's `items` are first read.
 */

/** Thrown inside the reader when the text leaves the subset; never escapes this file. */
class OutsideSubset extends Error {}

/** Thrown inside the reader at the node one past the limit; never escapes this file. */
class TooManyNodes extends Error {
  constructor(readonly offset: number) {
    super('too many nodes');
  }
}

function giveUp(): never {
  throw new OutsideSubset();
}

/** Characters that send the text to the full reader wherever they are (tab and CR included). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const UNUSUAL = /[\x00-\x09\x0b-\x1f\x7f\x85\u2028\u2029\ufeff]/;
/** A plain scalar never starts with one of these. */
const INDICATORS = new Set([...',[]{}#&*!|>\'"%@`?:-'].map((c) => c.charCodeAt(0)));

export interface PlainComposed {
  /** The root, its tagged nodes' props recorded (`propsOf`). */
  root: Node;
  /** Every tag used (local tags only: `!Circuit`). */
  tags: Set<string>;
  /** Offset of each line's start, as `LineCounter` records them. */
  lineStarts: number[];
}

type Kind = 'map' | 'seq';

/**
 * Whether a one-line flow mapping already has this key, its pairs being `entries` from `base`
 * to `top`: a few keys, so a scan, not a Set.
 */
function hasKey(entries: readonly unknown[], base: number, top: number, name: string): boolean {
  for (let k = base; k < top; k++)
    if (((entries[k] as Pair).key as Scalar).source === name) return true;
  return false;
}

/**
 * Sets a node's range. A flow collection already has one (its own end as the third number),
 * which the caller's range replaces: the array is reused, not made again for every gate.
 */
function setRange(node: Node, start: number, valueEnd: number, nodeEnd: number): void {
  const range = node.range;
  if (range) {
    range[0] = start;
    range[1] = valueEnd;
    range[2] = nodeEnd;
  } else node.range = [start, valueEnd, nodeEnd];
}

class PlainReader implements WordSource {
  /** Start of the line being read. */
  private lineStart = 0;
  readonly tags = new Set<string>();
  /**
   * Side channels, so reading a value allocates nothing besides its node: where the last
   * one-line value ended, and the props of the tag `tagAt` last read (undefined: no tag).
   */
  private end = 0;
  private props: NodeProps | undefined;

  /** Nodes made so far, and how many may be (none counted once the document is read). */
  private nodes = 0;
  private maxNodes: number;
  private readonly maxDepth: number;

  constructor(
    readonly text: string,
    limits: { maxDepth: number; maxNodes: number },
  ) {
    this.maxDepth = limits.maxDepth;
    this.maxNodes = limits.maxNodes;
  }

  /** Counts a node made at `at`: the limit is checked while reading, before memory is spent. */
  private count(at: number): void {
    if (++this.nodes > this.maxNodes) throw new TooManyNodes(at);
  }

  /** Compact items are made into nodes only when read (`readBack`), after the count. */
  stopCounting(): void {
    this.maxNodes = Infinity;
  }

  /** Keys and tags seen so far: a megabyte of gates repeats a dozen words 50,000 times. */
  private readonly words: string[] = [];

  /** text[at, e), the same string each time the same key or tag is written. */
  word(at: number, e: number): string {
    const length = e - at;
    for (const w of this.words) if (w.length === length && this.text.startsWith(w, at)) return w;
    const w = this.text.slice(at, e);
    if (this.words.length < 64) this.words.push(w);
    return w;
  }

  private code(at: number): number {
    return codeAt(this.text, at);
  }

  private skipSpaces(at: number): number {
    return skipSpaces(this.text, at);
  }

  /** End of the line holding `at`, after its line break (or the end of the text). */
  private lineEnd(at: number): number {
    const nl = this.text.indexOf('\n', at);
    return nl < 0 ? this.text.length : nl + 1;
  }

  document(): Node {
    // Comment and blank lines before the content belong to the document, not to a node.
    let content = this.skipSpaces(0);
    while (content < this.text.length && (this.code(content) === 35 || this.code(content) === NL)) {
      this.lineStart = this.lineEnd(content);
      content = this.skipSpaces(this.lineStart);
    }
    if (content >= this.text.length || content !== this.lineStart) giveUp();
    const root = this.code(content) === 33 ? this.taggedRoot(content) : this.blockRoot(content);
    if (this.lineStart !== this.text.length) giveUp();
    return root;
  }

  private blockRoot(content: number): Node {
    return this.code(content) === 45 ? this.blockSeq(content, 0, 1) : this.blockMap(content, 0, 1);
  }

  /** `!Tag` then a collection on the next lines, or `!Tag {…}` on one line (an extracted text). */
  private taggedRoot(at: number): Node {
    const value = this.skipSpaces(this.tagAt(at));
    const props = this.props;
    if (this.code(value) !== NL) {
      const node = this.flowValue(value, 1, false, props);
      const end = this.end;
      const rest = this.skipSpaces(end);
      if (this.code(rest) !== NL) giveUp();
      this.lineStart = this.lineEnd(rest);
      setRange(node, value, end, this.lineStart);
      return node;
    }
    this.lineStart = this.lineEnd(value);
    const content = this.lineStart;
    if (!this.isItemAt(content) && !this.isKeyAt(content)) giveUp();
    return this.withProps(this.blockRoot(content), props);
  }

  /**
   * The first content line from `lineStart` on, if it continues the collection at `indent`
   * (its entries start at that column with `first`), else null: the collection ends there.
   * Comment and blank lines are passed over only between two entries of one collection, with
   * comments at the entries' column: elsewhere the `yaml` package hands them to other nodes.
   */
  private nextEntry(indent: number, startsEntry: (at: number) => boolean): number | null {
    let at = this.lineStart;
    let skipped = false;
    for (;;) {
      if (at >= this.text.length) {
        if (skipped) giveUp();
        return null;
      }
      const content = this.skipSpaces(at);
      const c = this.code(content);
      if (c === NL || c === 35) {
        if (c === 35 && content - at !== indent) giveUp();
        skipped = true;
        at = this.lineEnd(content);
        continue;
      }
      const column = content - at;
      if (column === indent && startsEntry(content)) {
        this.lineStart = at;
        return content;
      }
      if (skipped || column > indent) giveUp();
      return null;
    }
  }

  private isKeyAt(at: number): boolean {
    if (!isIdentStart(this.code(at))) return false;
    let e = at + 1;
    while (isIdent(this.code(e))) e++;
    return this.code(e) === 58 && (this.code(e + 1) === SPACE || this.code(e + 1) === NL);
  }

  private isItemAt = (at: number): boolean =>
    this.code(at) === 45 && (this.code(at + 1) === SPACE || this.code(at + 1) === NL);

  private checkDepth(depth: number): void {
    if (depth > this.maxDepth) giveUp();
  }

  private blockMap(first: number, indent: number, depth: number): YAMLMap {
    this.checkDepth(depth);
    this.count(first);
    const map = fastMap();
    const seen = new Set<string>();
    let at: number | null = first;
    let end = first;
    while (at !== null) {
      if (!this.isKeyAt(at)) giveUp();
      let e = at + 1;
      while (isIdent(this.code(e))) e++;
      const name = this.word(at, e);
      if (NON_STRING_KEYS.has(name) || seen.has(name)) giveUp();
      seen.add(name);
      this.count(at);
      const key = fastScalar(name);
      key.range = [at, e, e];
      key.source = name;
      key.type = Scalar.PLAIN;
      const value = this.valueAfter(e + 1, indent, depth, 'map');
      map.items.push(fastPair(key, value));
      end = value.range?.[2] ?? end;
      at = this.nextEntry(indent, (p) => this.isKeyAt(p));
    }
    map.range = [first, end, end];
    return map;
  }

  /**
   * A block sequence; items of the compact form (`!Tag {key: number, …}`, compact-items.ts) are
   * kept as numbers, their nodes made only when the sequence's `items` are first read.
   */
  private blockSeq(first: number, indent: number, depth: number): YAMLSeq {
    this.checkDepth(depth);
    this.count(first);
    const compact = new CompactItems((start) => this.readBack(start, indent, depth));
    // The item's flow mapping is one level deeper than the item, its numbers two.
    const compactFits = depth + 1 <= this.maxDepth;
    const line = { lineEnd: 0 };
    let at: number | null = first;
    let end = first;
    while (at !== null) {
      if (!this.isItemAt(at)) giveUp();
      const tag =
        compactFits && this.code(at + 1) === SPACE
          ? scanCompactItem(this, this.skipSpaces(at + 1), compact, line)
          : undefined;
      if (tag !== undefined) {
        this.count(at);
        this.tags.add(tag);
        compact.addCompact(at, tag);
        end = line.lineEnd;
        this.lineStart = end;
      } else {
        const value = this.valueAfter(at + 1, indent, depth, 'seq');
        compact.addNode(at, value);
        end = value.range?.[2] ?? end;
      }
      at = this.nextEntry(indent, this.isItemAt);
    }
    const seq = compact.tags.some((tag) => tag !== undefined)
      ? compactSeq(compact)
      : fastSeq(compact.all());
    seq.range = [first, end, end];
    return seq;
  }

  /** The node of the compact item at `start`, read again from its line when first asked for. */
  private readBack(start: number, indent: number, depth: number): Node {
    try {
      return this.valueAfter(start + 1, indent, depth, 'seq');
    } catch (error) {
      if (!(error instanceof OutsideSubset)) throw error;
      throw new Error(`yaml: the item at offset ${start} was read compactly but not as a node`, {
        cause: error,
      });
    }
  }

  /** A tag at `at` (`!Name`), recorded; returns the offset after it, or `at` when there is none. */
  private tagAt(at: number): number {
    this.props = undefined;
    if (this.code(at) !== 33) return at;
    let e = at + 1;
    if (!isIdentStart(this.code(e))) giveUp();
    while (isIdent(this.code(e))) e++;
    const c = this.code(e);
    if (c !== SPACE && c !== NL) giveUp();
    const source = this.word(at, e);
    this.tags.add(source);
    this.props = { start: at, end: e, tag: { offset: at, source } };
    return e;
  }

  private withProps<N extends Node>(node: N, props: NodeProps | undefined): N {
    if (props) {
      node.tag = props.tag?.source;
      recordProps(node, props);
    }
    return node;
  }

  /** The value after a key's `:` or an item's `-` at `after`; leaves `lineStart` past it. */
  private valueAfter(after: number, indent: number, depth: number, parent: Kind): Node {
    let at = this.skipSpaces(after);
    if (at === after && this.code(at) !== NL) giveUp();
    const tagEnd = this.tagAt(at);
    const props = this.props;
    if (tagEnd !== at) at = this.skipSpaces(tagEnd);
    if (this.code(at) === NL) {
      // The value is a collection on the lines below.
      this.lineStart = this.lineEnd(at);
      const content = this.skipSpaces(this.lineStart);
      const column = content - this.lineStart;
      if (content >= this.text.length) giveUp();
      let node: Node;
      if (this.isItemAt(content) && (column > indent || (column === indent && parent === 'map'))) {
        node = this.blockSeq(content, column, depth + 1);
      } else if (column > indent && this.isKeyAt(content)) {
        node = this.blockMap(content, column, depth + 1);
      } else giveUp();
      return this.withProps(node, props);
    }
    if (parent === 'seq' && this.isKeyAt(at)) {
      // `- key: value`: a mapping that starts on the item's line.
      if (props) giveUp();
      return this.blockMap(at, at - this.lineStart, depth + 1);
    }
    const node = this.flowValue(at, depth + 1, false, props);
    const end = this.end;
    const rest = this.skipSpaces(end);
    const c = this.code(rest);
    if (c === 35 ? rest === end : c !== NL) giveUp();
    const lineEnd = this.lineEnd(rest);
    setRange(node, at, end, lineEnd);
    this.lineStart = lineEnd;
    return node;
  }

  /** A flow collection or one-line scalar at `at`; `this.end` is just after it. */
  private flowValue(at: number, depth: number, inFlow: boolean, props?: NodeProps): Node {
    const c = this.code(at);
    let node: Node;
    if (c === 123 || c === 91) node = this.flowCollection(at, depth, c === 123);
    else if (c === 34 || c === 39) node = this.quoted(at, c);
    else node = this.plain(at, inFlow);
    if (props) {
      // A tagged scalar keeps the text it was written with, as the passthrough tags declare.
      if (node instanceof Scalar && node.type === Scalar.PLAIN) node.value = node.source;
      delete (node as Scalar).format;
      this.withProps(node, props);
    }
    return node;
  }

  /**
   * The entries of the flow collections being read, innermost last: a collection's items are
   * copied out when it closes, into an array of their exact length (pushed one by one, a gate's
   * two or three entries took an array of seventeen slots).
   */
  private readonly entries: unknown[] = [];
  /** Where the next entry goes in `entries` (its length is never cut: that would shrink it). */
  private top = 0;

  private flowCollection(open: number, depth: number, isMap: boolean): Node {
    this.checkDepth(depth);
    this.count(open);
    const close = isMap ? 125 : 93;
    let at = this.skipSpaces(open + 1);
    if (this.code(at) === close) {
      const empty = isMap ? fastMap() : fastSeq();
      empty.flow = true;
      empty.range = [open, at + 1, at + 1];
      this.end = at + 1;
      return empty;
    }
    const entries = this.entries;
    const base = this.top;
    for (;;) {
      let key: Scalar | null = null;
      if (isMap) {
        if (!isIdentStart(this.code(at))) giveUp();
        let e = at + 1;
        while (isIdent(this.code(e))) e++;
        const name = this.word(at, e);
        if (this.code(e) !== 58 || this.code(e + 1) !== SPACE) giveUp();
        if (NON_STRING_KEYS.has(name) || hasKey(entries, base, this.top, name)) giveUp();
        this.count(at);
        key = fastScalar(name);
        key.range = [at, e, e];
        key.source = name;
        key.type = Scalar.PLAIN;
        at = this.skipSpaces(e + 1);
      }
      const tagEnd = this.tagAt(at);
      const props = this.props;
      if (tagEnd !== at) at = this.skipSpaces(tagEnd);
      const value = this.flowValue(at, depth + 1, true, props);
      const end = this.end;
      const next = this.skipSpaces(end);
      setRange(value, at, end, next);
      entries[this.top++] = key ? fastPair(key, value) : value;
      const c = this.code(next);
      if (c === close) {
        const items = entries.slice(base, this.top);
        this.top = base;
        const node = isMap ? fastMap(items as Pair[]) : fastSeq(items);
        node.flow = true;
        node.range = [open, next + 1, next + 1];
        this.end = next + 1;
        return node;
      }
      if (c !== 44) giveUp();
      at = this.skipSpaces(next + 1);
      if (this.code(at) === close || this.code(at) === 44) giveUp();
    }
  }

  private quoted(open: number, quote: number): Node {
    this.count(open);
    const text = this.text;
    let at = open + 1;
    let value = '';
    let from = at;
    for (;;) {
      const c = this.code(at);
      if (c === NL || (quote === 34 && c === 92)) giveUp();
      if (c === quote) {
        if (quote === 39 && this.code(at + 1) === 39) {
          value += `${text.slice(from, at)}'`;
          at += 2;
          from = at;
          continue;
        }
        break;
      }
      at++;
    }
    value += text.slice(from, at);
    const scalar = fastScalar(value);
    scalar.source = value;
    scalar.type = quote === 34 ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
    this.end = at + 1;
    return scalar;
  }

  private plain(at: number, inFlow: boolean): Node {
    this.count(at);
    const first = this.code(at);
    if (first === NL || first === SPACE || INDICATORS.has(first)) {
      // `-1`, `-.5`: a minus sign followed by a digit or a point is the start of a number.
      const next = this.code(at + 1);
      if (first !== 45 || !((next >= 48 && next <= 57) || next === 46)) giveUp();
    }
    let e = at;
    let end = at;
    for (;;) {
      const c = this.code(e);
      if (c === NL) break;
      if (c === 35 || c === 58) {
        if (c === 35 && this.code(e - 1) === SPACE) break;
        giveUp();
      }
      if (inFlow && (c === 44 || c === 91 || c === 93 || c === 123 || c === 125)) break;
      e++;
      if (c !== SPACE) end = e;
    }
    this.end = end;
    return resolvePlain(this.text.slice(at, end), giveUp);
  }
}

/**
 * The text's one root node when the text is in the plain subset (see above), where it passed
 * the node limit, or null: then the `yaml` package must read it. Nesting deeper than `maxDepth`
 * is left to it as well (`readBoundedCst` refuses it at the place, having read only that far).
 */
export function composePlain(
  text: string,
  limits: { maxDepth: number; maxNodes: number },
): PlainComposed | { passed: LimitPassed } | null {
  if (UNUSUAL.test(text)) return null;
  const reader = new PlainReader(text, limits);
  let root: Node;
  try {
    root = reader.document();
  } catch (error) {
    if (error instanceof OutsideSubset) return null;
    if (error instanceof TooManyNodes) {
      return { passed: { limit: 'nodes', max: limits.maxNodes, offset: error.offset } };
    }
    throw error;
  }
  reader.stopCounting();
  const lineStarts = [0];
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) {
    lineStarts.push(nl + 1);
  }
  return { root, tags: reader.tags, lineStarts };
}
