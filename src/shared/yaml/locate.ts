import type { Document, LineCounter, Node } from 'yaml';
import { isMap, isScalar, isSeq } from 'yaml';
import { propsOf, resolveNode } from './origins';
import { keyString } from './paths';
import type { SourceRange } from './problems';
import { sourceRange } from './problems';

export interface LocatedPath {
  /** The node at `path` (from its tag), or — when the path does not exist — the nearest ancestor's key, else that ancestor. */
  range: SourceRange;
  /** The mapping key of the node found (or of the nearest ancestor), when it has one. */
  keyRange?: SourceRange;
  /** True when the whole path exists. */
  exact: boolean;
  /** The part of `path` that exists. */
  found: (string | number)[];
  /** The node found (aliases followed); null for an explicit null/empty value. */
  node: Node | null;
}

/** A node's span: from its tag or anchor to the end of its value, trailing line breaks left out. */
export function nodeRange(node: Node, lineCounter: LineCounter, text?: string): SourceRange {
  const [start = 0, end = start] = node.range ?? [];
  const from = propsOf(node)?.start ?? start;
  let to = end;
  if (text) while (to > from && /\s/.test(text[to - 1] ?? '')) to--;
  return sourceRange(lineCounter, from, Math.max(to, from));
}

/**
 * Maps a model path (a zod issue path) onto the document. Aliases are followed. Keys match the
 * way the models name them (`String` of the key's value); numbers index sequences.
 */
export function locatePath(
  doc: Document,
  lineCounter: LineCounter,
  path: readonly (string | number)[],
  text?: string,
): LocatedPath {
  let node = resolveNode(doc.contents);
  let keyNode: Node | null = null;
  const found: (string | number)[] = [];
  for (const segment of path) {
    let next: Node | null | undefined;
    let nextKey: Node | null = null;
    if (isMap(node)) {
      const pair = node.items.find((p) => keyString(p.key) === String(segment));
      if (pair) {
        next = resolveNode(pair.value);
        nextKey = isScalar(pair.key) ? pair.key : null;
        if (!next && nextKey) {
          // `key:` with no value: the key is the place.
          found.push(segment);
          const range = nodeRange(nextKey, lineCounter, text);
          return { range, keyRange: range, exact: found.length === path.length, found, node: null };
        }
      }
    } else if (isSeq(node) && typeof segment === 'number') {
      next = resolveNode(node.items[segment]);
    }
    if (!next) break;
    found.push(segment);
    node = next;
    keyNode = nextKey;
  }
  const exact = found.length === path.length;
  const keyRange = keyNode ? nodeRange(keyNode, lineCounter, text) : undefined;
  let range: SourceRange;
  if (node) range = !exact && keyRange ? keyRange : nodeRange(node, lineCounter, text);
  else range = sourceRange(lineCounter, 0, 0);
  if (!exact && node && !keyRange) {
    // The document root itself: its first line is the place.
    const firstLineEnd = text ? text.indexOf('\n', range.offset) : -1;
    const end = firstLineEnd < 0 ? range.endOffset : Math.min(range.endOffset, firstLineEnd);
    range = sourceRange(lineCounter, range.offset, end);
  }
  const located: LocatedPath = { range, exact, found, node: node ?? null };
  if (keyRange) located.keyRange = keyRange;
  return located;
}
