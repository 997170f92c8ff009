import type { LineCounter, Node as YamlNode } from 'yaml';
import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import type { SdkNode } from '../node';
import { propsOf } from '../../yaml/origins';
import { parsePayloadText } from '../../yaml/parse';
import type { YamlProblem } from '../../yaml/problems';
import type { GraphBuilder } from './graph-builder';
import { STR_TAG } from './scalar-resolve';

/*
 * The general reader: any YAML document, parsed by the project's payload parser (the `yaml`
 * package, tags kept as data, size and depth checked before composing), then turned into the
 * same graph by the same builder as the fast reader. It takes every document the fast reader
 * does not know (comments, block scalars, other layouts) and is the one that explains syntax
 * errors. Alias counts are not limited here: the builder bounds what aliases stand for.
 */

export type GeneralRead =
  | { node: SdkNode; lineCounter: LineCounter }
  | { node: null; problems: YamlProblem[]; lineCounter: LineCounter };

/** Where a node was written, its tag and anchor included (as the fast reader gives it). */
function rangeOf(node: YamlNode | null | undefined, fallback: number): [number, number] {
  const range = node?.range;
  if (!range) return [fallback, fallback];
  const props = propsOf(node);
  return [props ? Math.min(props.start, range[0]) : range[0], range[1]];
}

export function readGeneral(text: string, b: GraphBuilder): GeneralRead {
  const { maxBytes, maxDepth } = b.limits;
  const parsed = parsePayloadText(
    text,
    { maxAliasNodes: -1, maxDepth, maxBytes },
    { plainReader: false },
  );
  // Duplicate keys are the builder's to find, as Python's dict does: `yaml` also calls `x` and
  // `!Domain x` the same key, which to the SDK are a str and an object.
  const errors = parsed.problems.filter(
    (p) => p.severity === 'error' && p.code !== 'DUPLICATE_KEY',
  );
  if (errors.length) return { node: null, problems: errors, lineCounter: parsed.lineCounter };
  const contents = parsed.doc.contents as YamlNode | null;
  return { node: convert(b, contents, parsed.doc.range[0]), lineCounter: parsed.lineCounter };
}

function convert(b: GraphBuilder, node: YamlNode | null | undefined, at: number): SdkNode {
  const [start, end] = rangeOf(node, at);
  if (!node) return b.scalar('', true, null, start, end);
  if (isAlias(node)) return b.alias(node.source, start, end);
  const anchor = node.anchor ?? null;
  const tag = node.tag && node.tag !== '!' ? node.tag : null;
  if (isScalar(node)) {
    const source = typeof node.source === 'string' ? node.source : String(node.value);
    const plain = node.type === 'PLAIN' && node.tag !== '!';
    const built = b.scalar(source, plain, tag ?? (node.tag === '!' ? STR_TAG : null), start, end);
    if (anchor) b.closeAnchor(anchor, built);
    return built;
  }
  if (anchor) b.openAnchor(anchor);
  let size = 1;
  let depth = 0;
  const child = (n: YamlNode | null | undefined, from: number): SdkNode => {
    const built = convert(b, n, from);
    size += b.size;
    if (b.depth > depth) depth = b.depth;
    if (isAlias(n) && size > b.limits.maxTreeNodes) {
      // The alias that passes the limit is the one to name.
      b.size = size;
      b.checkTree(...rangeOf(n, from), n.source);
    }
    return built;
  };
  let built: SdkNode;
  if (isSeq(node)) {
    const items = node.items.map((item) => {
      if (!isPair(item)) return child(item as YamlNode, start);
      // `!!omap` and `!!pairs` compose into pairs: each is a mapping of one entry.
      const key = child(item.key as YamlNode, start);
      const value = child(item.value as YamlNode, start);
      size++;
      return b.map([[key, value]], [start], null, 2, 1, start, end);
    });
    built = b.seq(items, tag, size, depth, start, end);
  } else if (isMap(node)) {
    const keyStarts: number[] = [];
    const entries = node.items.map((pair) => {
      const keyNode = pair.key as YamlNode | null;
      const [keyStart] = rangeOf(keyNode, start);
      keyStarts.push(keyStart);
      const key = child(keyNode, keyStart);
      return [key, child(pair.value as YamlNode | null, keyStart)] as const;
    });
    built = b.map(entries, keyStarts, tag, size, depth, start, end);
  } else {
    return b.scalar('', true, null, start, end);
  }
  if (anchor) b.closeAnchor(anchor, built);
  return built;
}
