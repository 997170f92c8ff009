import type { Alias, Document, Node } from 'yaml';
import { isAlias, isNode, isScalar, visit } from 'yaml';
import type { CstScan, NodeProps } from './cst-scan';

/*
 * What `parsePayloadText` learned about each node beyond what `yaml` keeps: where its
 * properties were written, and which node each alias points to. Nothing leaks when a document
 * is dropped.
 */

/** Props ride on the node under a symbol of ours (invisible to `yaml`): a WeakMap entry per
 * tagged node cost more in garbage collection than reading a megabyte of gates. */
const PROPS = Symbol('qjob.yaml.props');
type WithProps = Node & { [PROPS]?: NodeProps };

const aliasTargets = new WeakMap<Alias, Node | null>();
/** Documents whose aliases have been given their targets (by `recordOrigins` or `indexAliases`). */
const indexedDocs = new WeakSet<Document>();

/** Every alias of `doc` → the last node before it anchored with its name (YAML's rule), in one walk. */
function indexAliases(doc: Document): void {
  const anchors = new Map<string, Node>();
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) aliasTargets.set(node, anchors.get(node.source) ?? null);
      else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  indexedDocs.add(doc);
}

/**
 * Attach props and alias targets to the composed document's nodes (document order); returns
 * whether the document holds any alias.
 */
export function recordOrigins(doc: Document, scan: CstScan): boolean {
  const anchors = new Map<string, Node>();
  let aliases = false;
  visit(doc, {
    Node(_key, node) {
      const props = node.srcToken
        ? scan.propsByToken.get(node.srcToken)
        : isScalar(node) && node.range && node.range[0] === node.range[1]
          ? scan.propsByEmptyEnd.get(node.range[0])
          : undefined;
      if (props) (node as WithProps)[PROPS] = props;
      if (isAlias(node)) {
        aliases = true;
        aliasTargets.set(node, anchors.get(node.source) ?? null);
      } else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  indexedDocs.add(doc);
  return aliases;
}

/** Attach props found by a reader other than the composer (`composePlain`). */
export function recordProps(node: Node, props: NodeProps): void {
  (node as WithProps)[PROPS] = props;
}

export function propsOf(node: Node): NodeProps | undefined {
  return (node as WithProps)[PROPS];
}

/** The node an alias points to; undefined when the alias was not parsed by `parsePayloadText`. */
export function aliasTarget(alias: Alias): Node | null | undefined {
  return aliasTargets.get(alias);
}

/**
 * Follows aliases to the node they stand for (null when an alias points nowhere). With `doc`, a
 * document not read by `parsePayloadText` has its aliases indexed in one walk the first time:
 * `yaml`'s own `Alias.resolve` walks the whole document for every alias, quadratic in an SDK
 * circuit, where every gate's `_parameters` is an alias.
 */
export function resolveNode(node: unknown, doc?: Document): Node | null {
  let current: unknown = node;
  for (let hops = 0; isAlias(current); hops++) {
    if (hops > 1000) return null;
    let known = aliasTarget(current);
    if (known === undefined && doc && !indexedDocs.has(doc)) {
      indexAliases(doc);
      known = aliasTarget(current);
    }
    current = known ?? null;
  }
  return isNode(current) ? current : null;
}
