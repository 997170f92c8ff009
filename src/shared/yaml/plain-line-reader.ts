import type { Node } from 'yaml';
import { Scalar } from 'yaml';
import type { Pair } from 'yaml';
import type { NodeProps } from './cst-scan';
import { fastMap, fastPair, fastScalar, fastSeq } from './fast-nodes';
import { resolvePlain } from './plain-scalars';
import { recordProps } from './origins';
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
 * The one-line part of the plain reader (plain-compose.ts, which reads the block structure on
 * top of it): where the reader stands in the text, the nodes it has made so far, and the values
 * that stand on one line: flow collections, quoted and plain scalars, tags.
 */

/** Thrown inside the reader when the text leaves the subset; never escapes the reader (plain-compose.ts). */
export class OutsideSubset extends Error {}

/** Thrown inside the reader at the node one past the limit; never escapes the reader (plain-compose.ts). */
export class TooManyNodes extends Error {
  constructor(readonly offset: number) {
    super('too many nodes');
  }
}

export function giveUp(): never {
  throw new OutsideSubset();
}

/** A plain scalar never starts with one of these. */
const INDICATORS = new Set([...',[]{}#&*!|>\'"%@`?:-'].map((c) => c.charCodeAt(0)));

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
export function setRange(node: Node, start: number, valueEnd: number, nodeEnd: number): void {
  const range = node.range;
  if (range) {
    range[0] = start;
    range[1] = valueEnd;
    range[2] = nodeEnd;
  } else node.range = [start, valueEnd, nodeEnd];
}

export class PlainLineReader implements WordSource {
  /** Start of the line being read. */
  protected lineStart = 0;
  readonly tags = new Set<string>();
  /**
   * Side channels, so reading a value allocates nothing besides its node: where the last
   * one-line value ended, and the props of the tag `tagAt` last read (undefined: no tag).
   */
  protected end = 0;
  protected props: NodeProps | undefined;

  /** Nodes made so far, and how many may be (none counted once the document is read). */
  private nodes = 0;
  private maxNodes: number;
  protected readonly maxDepth: number;

  constructor(
    readonly text: string,
    limits: { maxDepth: number; maxNodes: number },
  ) {
    this.maxDepth = limits.maxDepth;
    this.maxNodes = limits.maxNodes;
  }

  /** Counts a node made at `at`: the limit is checked while reading, before memory is spent. */
  protected count(at: number): void {
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

  protected code(at: number): number {
    return codeAt(this.text, at);
  }

  protected skipSpaces(at: number): number {
    return skipSpaces(this.text, at);
  }

  /** End of the line holding `at`, after its line break (or the end of the text). */
  protected lineEnd(at: number): number {
    const nl = this.text.indexOf('\n', at);
    return nl < 0 ? this.text.length : nl + 1;
  }

  protected isKeyAt(at: number): boolean {
    if (!isIdentStart(this.code(at))) return false;
    let e = at + 1;
    while (isIdent(this.code(e))) e++;
    return this.code(e) === 58 && (this.code(e + 1) === SPACE || this.code(e + 1) === NL);
  }

  protected isItemAt = (at: number): boolean =>
    this.code(at) === 45 && (this.code(at + 1) === SPACE || this.code(at + 1) === NL);

  protected checkDepth(depth: number): void {
    if (depth > this.maxDepth) giveUp();
  }

  /** A tag at `at` (`!Name`), recorded; returns the offset after it, or `at` when there is none. */
  protected tagAt(at: number): number {
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

  protected withProps<N extends Node>(node: N, props: NodeProps | undefined): N {
    if (props) {
      node.tag = props.tag?.source;
      recordProps(node, props);
    }
    return node;
  }

  /** A flow collection or one-line scalar at `at`; `this.end` is just after it. */
  protected flowValue(at: number, depth: number, inFlow: boolean, props?: NodeProps): Node {
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
