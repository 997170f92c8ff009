import type { Node } from 'yaml';
import { Scalar } from 'yaml';
import type { YAMLMap, YAMLSeq } from 'yaml';
import type { LimitPassed } from './bounded-cst';
import { fastMap, fastPair, fastScalar, fastSeq } from './fast-nodes';
import { CompactItems, compactSeq, scanCompactItem } from './compact-items';
import { isIdent, NL, NON_STRING_KEYS, SPACE } from './plain-chars';
import {
  OutsideSubset,
  PlainLineReader,
  TooManyNodes,
  giveUp,
  setRange,
} from './plain-line-reader';

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

/** Characters that send the text to the full reader wherever they are (tab and CR included). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const UNUSUAL = /[\x00-\x09\x0b-\x1f\x7f\x85\u2028\u2029\ufeff]/;
export interface PlainComposed {
  /** The root, its tagged nodes' props recorded (`propsOf`). */
  root: Node;
  /** Every tag used (local tags only: `!Circuit`). */
  tags: Set<string>;
  /** Offset of each line's start, as `LineCounter` records them. */
  lineStarts: number[];
}

type Kind = 'map' | 'seq';

class PlainReader extends PlainLineReader {
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
