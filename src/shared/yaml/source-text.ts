import { lastItemOf } from './compact-items';
import type { Node } from 'yaml';
import { isAlias, isCollection, isPair, isScalar, Scalar } from 'yaml';
import { aliasTarget, propsOf, resolveNode } from './origins';

/*
 * A node's text exactly as the user wrote it. Never re-stringified: `yaml` would reformat flow
 * collections, move comments and requote strings. Rules:
 * - the slice starts at the node's tag, so `sampling: !Sampling` followed by the mapping on the
 *   next lines keeps its tag; comments inside the node (also after the tag) are kept;
 * - comment lines after the node's last entry, at least as indented as its entries, belong to it;
 * - the node's own anchor (`&x`) is dropped: it names the node inside the user's document only
 *   (kept if an alias inside the node refers to it, which keeps the text valid);
 * - an alias (`*x`) stands for the anchored node: its text is returned (without the anchor);
 * - the common indentation is removed (the first line counts at the node's column), trailing
 *   blank lines are dropped, and a node spanning several lines ends with one line break.
 */

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function leadingSpaces(line: string): number {
  let n = 0;
  while (line.charCodeAt(n) === 32) n++;
  return n;
}

/** Whether text[from, end) is blank: spaces, tabs and carriage returns only. */
function blankBetween(text: string, from: number, end: number): boolean {
  for (let p = from; p < end; p++) {
    const c = text.charCodeAt(p);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** Whether text[from, end) is a comment line: spaces and tabs, then `#`. */
function commentBetween(text: string, from: number, end: number): boolean {
  let p = from;
  while (p < end && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
  return p < end && text.charCodeAt(p) === 35;
}

const isBlank = (line: string) => blankBetween(line, 0, line.length);
const isCommentLine = (line: string) => commentBetween(line, 0, line.length);

/** Last scalar in document order inside `node` (to spot a trailing `|+` block scalar). */
function lastScalar(node: Node): Scalar | undefined {
  let current: unknown = node;
  for (let i = 0; i < 1000; i++) {
    if (isScalar(current)) return current;
    if (!isCollection(current)) return undefined;
    const last = lastItemOf(current);
    current = isPair(last) ? (last.value ?? last.key) : last;
  }
  return undefined;
}

function keepsTrailingLines(node: Node, text: string): boolean {
  const scalar = lastScalar(node);
  if (!scalar?.range) return false;
  if (scalar.type !== Scalar.BLOCK_LITERAL && scalar.type !== Scalar.BLOCK_FOLDED) return false;
  const header = /^[|>][0-9+-]*/.exec(text.slice(scalar.range[0]))?.[0] ?? '';
  return header.includes('+');
}

function refersToItself(node: Node): boolean {
  const anchored = node;
  let found = false;
  const walk = (n: unknown, depth: number): void => {
    if (found || depth > 200) return;
    if (isAlias(n)) found = aliasTarget(n) === anchored;
    else if (isCollection(n)) {
      for (const item of n.items) {
        if (isPair(item)) {
          walk(item.key, depth + 1);
          walk(item.value, depth + 1);
        } else walk(item, depth + 1);
      }
    }
  };
  walk(node, 0);
  return found;
}

/** Where the node's text ends: its value, plus comment lines that still belong to it. */
function contentEnd(text: string, node: Node, contentColumn: number): number {
  const [, valueEnd = 0, nodeEnd = valueEnd] = node.range ?? [];
  let end = valueEnd;
  const block = node.srcToken?.type === 'block-map' || node.srcToken?.type === 'block-seq';
  if (!block) return end;
  let pos = end;
  while (pos < nodeEnd) {
    const next = text.indexOf('\n', pos);
    const lineEnd = next < 0 ? text.length : next + 1;
    const line = text.slice(pos, lineEnd);
    if (isCommentLine(line) && leadingSpaces(line) >= contentColumn) end = lineEnd;
    else if (!isBlank(line)) break;
    pos = lineEnd;
  }
  return end;
}

/**
 * The node's source text as written (see the rules above). Throws when `node` is an alias whose
 * anchor is unknown, or a node without a source range.
 */
export function nodeSourceText(text: string, node: Node): string {
  const target = isAlias(node) ? resolveNode(node) : node;
  if (!target) {
    throw new Error(
      `alias *${isAlias(node) ? node.source : '?'} refers to no anchor (parse with parsePayloadText)`,
    );
  }
  if (!target.range) throw new Error('the node has no source range (it was not parsed from text)');
  const props = propsOf(target);
  const contentStart = target.range[0];
  const contentColumn = contentStart - lineStartOf(text, contentStart);
  let start = props?.start ?? contentStart;
  const end = Math.max(start, contentEnd(text, target, contentColumn));
  let slice = text.slice(start, end);

  const anchor = props?.anchor;
  if (anchor && !refersToItself(target)) {
    const from = anchor.offset - start;
    const to = from + anchor.source.length;
    if (from === 0) {
      // `&x !T ...` or `&x` alone: drop it and the spaces after it.
      const rest = slice.slice(to);
      const skip = rest.length - rest.replace(/^[ \t]+/, '').length;
      start += to + skip;
      slice = slice.slice(to + skip);
      if (/^(#[^\n]*)?\r?\n/.test(slice) && !props.tag) {
        // Nothing but the anchor (and a comment) on that line: start at the content.
        start = contentStart;
        slice = text.slice(start, end);
      }
    } else {
      // `!T &x ...`: drop it and the spaces before it.
      const before = slice.slice(0, from).replace(/[ \t]+$/, '');
      slice = before + slice.slice(to);
    }
  }

  return dedent(slice, start - lineStartOf(text, start), keepsTrailingLines(target, text));
}

/**
 * The lines after the first lose the indentation they share with the first (`firstColumn`),
 * blank and comment lines not counting; then, unless `keepTrailing`, trailing blank lines are
 * dropped, and text of several lines ends with one line break. Done on the text in place of
 * its lines: a megabyte of gates is 27,000 lines, and splitting, slicing and joining them made
 * a tenth of the garbage of reading the payload.
 */
export function dedent(slice: string, firstColumn: number, keepTrailing: boolean): string {
  let common = firstColumn;
  for (let nl = slice.indexOf('\n'); nl >= 0 && common > 0;) {
    const from = nl + 1;
    const next = slice.indexOf('\n', from);
    const end = next < 0 ? slice.length : next;
    if (!blankBetween(slice, from, end) && !commentBetween(slice, from, end)) {
      let spaces = 0;
      while (spaces < common && slice.charCodeAt(from + spaces) === 32) spaces++;
      common = spaces;
    }
    nl = next;
  }
  let out = common > 0 ? slice.replace(new RegExp(`\n {1,${common}}`, 'g'), '\n') : slice;
  if (keepTrailing) return out;
  for (let nl = out.lastIndexOf('\n'); nl >= 0; nl = out.lastIndexOf('\n')) {
    if (!blankBetween(out, nl + 1, out.length)) break;
    out = out.slice(0, nl);
  }
  return out.includes('\n') ? `${out}\n` : out;
}
