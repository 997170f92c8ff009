import type { CST } from 'yaml';

/** Where a node's properties (`!Tag`, `&anchor`) were written; they precede the node's range. */
export interface NodeProps {
  /** Offset of the first property. */
  start: number;
  /** Offset just after the last property. */
  end: number;
  tag?: { offset: number; source: string };
  anchor?: { offset: number; source: string };
}

/** What one pass over the CST tells us before the document is composed. */
export interface CstScan {
  /** Properties of each value or key token that has any. */
  propsByToken: WeakMap<CST.Token, NodeProps>;
  /** Properties of empty nodes (no token), keyed by the offset where their properties end. */
  propsByEmptyEnd: Map<number, NodeProps>;
  /** Every tag as written (`!Sampling`, `!!python/name:os.system`, `!e!x`). */
  tagSources: Set<string>;
  /** `%TAG` handles → prefixes declared in the stream. */
  tagHandles: Map<string, string>;
  /** The first place nesting went past the limit, if it did. */
  tooDeep?: { offset: number; depth: number };
}

const INDICATORS = new Set(['map-value-ind', 'seq-item-ind', 'explicit-key-ind', 'comma']);

function propsIn(tokens: readonly CST.SourceToken[], scan: CstScan, afterIndicator: boolean) {
  let from = 0;
  if (afterIndicator) {
    for (let i = tokens.length - 1; i >= 0; i--) {
      if (INDICATORS.has(tokens[i]?.type ?? '')) {
        from = i + 1;
        break;
      }
    }
  }
  let props: NodeProps | undefined;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || (t.type !== 'tag' && t.type !== 'anchor')) continue;
    props ??= { start: t.offset, end: t.offset };
    props.end = t.offset + t.source.length;
    if (t.type === 'tag') {
      props.tag = { offset: t.offset, source: t.source };
      scan.tagSources.add(t.source);
    } else props.anchor = { offset: t.offset, source: t.source };
  }
  return props;
}

function record(scan: CstScan, token: CST.Token | null | undefined, props: NodeProps | undefined) {
  if (!props) return;
  if (token) scan.propsByToken.set(token, props);
  else scan.propsByEmptyEnd.set(props.end, props);
}

function collectTags(tokens: readonly CST.Token[] | undefined, scan: CstScan) {
  for (const t of tokens ?? []) if (t.type === 'tag') scan.tagSources.add(t.source);
}

/**
 * Walks the CST iteratively (so absurd nesting cannot overflow the stack here), noting the
 * properties of every node, every tag written, `%TAG` directives, and the nesting depth. The
 * composer recurses per level, so a document deeper than `maxDepth` must never reach it.
 */
export function scanCst(tokens: readonly CST.Token[], maxDepth: number): CstScan {
  const scan: CstScan = {
    propsByToken: new WeakMap(),
    propsByEmptyEnd: new Map(),
    tagSources: new Set(),
    tagHandles: new Map(),
  };
  const stack: { token: CST.Token; depth: number }[] = [];
  for (const token of tokens) {
    if (token.type === 'directive') {
      const m = /^%TAG\s+(\S+)\s+(\S+)/.exec(token.source);
      if (m?.[1] && m[2]) scan.tagHandles.set(m[1], m[2]);
    } else if (token.type === 'document') {
      record(scan, token.value, propsIn(token.start, scan, false));
      if (token.value) stack.push({ token: token.value, depth: 0 });
    }
  }
  while (stack.length) {
    const { token, depth } = stack.pop() as { token: CST.Token; depth: number };
    if (token.type === 'block-scalar') collectTags(token.props, scan);
    if (
      token.type !== 'block-map' &&
      token.type !== 'block-seq' &&
      token.type !== 'flow-collection'
    ) {
      continue;
    }
    const inner = depth + 1;
    if (inner > maxDepth) {
      if (!scan.tooDeep || token.offset < scan.tooDeep.offset) {
        scan.tooDeep = { offset: token.offset, depth: inner };
      }
      continue;
    }
    for (const item of token.items) {
      if (item.sep) {
        record(scan, item.key, item.key ? propsIn(item.start, scan, true) : undefined);
        record(scan, item.value, propsIn(item.sep, scan, true));
      } else {
        record(scan, item.value, propsIn(item.start, scan, true));
      }
      if (item.key) stack.push({ token: item.key, depth: inner });
      if (item.value) stack.push({ token: item.value, depth: inner });
    }
  }
  return scan;
}
