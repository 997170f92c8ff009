import type { Alias, Document, Node } from 'yaml';
import { isAlias, isCollection, isNode, isPair, visit } from 'yaml';
import { aliasTarget } from './origins';

export interface AliasFinding {
  kind: 'undefined_alias' | 'recursive_alias' | 'alias_limit';
  alias: Alias;
}

/**
 * Checks the aliases of a composed document without ever expanding them. Each alias stands for
 * a copy of the node it refers to, so it costs a consumer that walks the document that node's
 * size (nested aliases multiply); a document whose aliases add more than `maxAliasNodes` nodes
 * is an alias bomb. What is measured is nodes, not aliases: the SDK's own form aliases a small
 * object (a Parameter, an empty dict) once per gate, thousands of times, harmlessly. Sizes are
 * capped, so a billion laughs costs a few hundred steps here.
 */
export function checkAliases(doc: Document, maxAliasNodes: number): AliasFinding[] {
  const findings: AliasFinding[] = [];
  const aliases: Alias[] = [];
  visit(doc, {
    Alias(_key, alias) {
      aliases.push(alias);
    },
  });
  if (!aliases.length) return findings;

  const cap = maxAliasNodes + 1;
  const memo = new Map<Node, number>();
  const inProgress = new Set<Node>();

  /** The nodes a full copy of `node` holds, its aliases expanded (capped). */
  const expansions = (node: Node): number => {
    const hit = memo.get(node);
    if (hit !== undefined) return hit;
    if (inProgress.has(node)) return cap;
    inProgress.add(node);
    let total = 1;
    if (isAlias(node)) {
      const target = aliasTarget(node);
      total = target ? expansions(target) : 1;
    } else if (isCollection(node)) {
      for (const item of node.items) {
        for (const child of isPair(item) ? [item.key, item.value] : [item]) {
          if (isNode(child)) total += expansions(child);
        }
        if (total >= cap) break;
      }
    }
    inProgress.delete(node);
    const capped = Math.min(total, cap);
    memo.set(node, capped);
    return capped;
  };

  let running = 0;
  let reported = maxAliasNodes < 0;
  for (const alias of aliases) {
    const target = aliasTarget(alias);
    if (target === null) {
      findings.push({ kind: 'undefined_alias', alias });
      continue;
    }
    if (target && contains(target, alias)) {
      findings.push({ kind: 'recursive_alias', alias });
      continue;
    }
    if (reported) continue;
    running += expansions(alias);
    if (running > maxAliasNodes) {
      findings.push({ kind: 'alias_limit', alias });
      reported = true;
    }
  }
  return findings;
}

/** An alias inside the very node it points to makes an infinitely deep structure. */
function contains(outer: Node, inner: Node): boolean {
  const [a, b] = [outer.range, inner.range];
  return !!a && !!b && a[0] <= b[0] && b[1] <= a[1];
}
