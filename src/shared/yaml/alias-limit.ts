import type { Alias, Document, Node } from 'yaml';
import { isAlias, isCollection, isNode, isPair, visit } from 'yaml';
import { aliasTarget } from './origins';

export interface AliasFinding {
  kind: 'undefined_alias' | 'recursive_alias' | 'alias_limit';
  alias: Alias;
}

/**
 * Checks the aliases of a composed document without ever expanding them. The expansion count
 * of a node is the number of alias resolutions a consumer would perform to build it in full
 * (nested aliases multiply); a document whose count passes `maxAliasCount` is an alias bomb.
 * Counts are capped, so a billion laughs costs a few hundred steps here.
 */
export function checkAliases(doc: Document, maxAliasCount: number): AliasFinding[] {
  const findings: AliasFinding[] = [];
  const aliases: Alias[] = [];
  visit(doc, {
    Alias(_key, alias) {
      aliases.push(alias);
    },
  });
  if (!aliases.length) return findings;

  const cap = maxAliasCount + 1;
  const memo = new Map<Node, number>();
  const inProgress = new Set<Node>();

  const expansions = (node: Node): number => {
    const hit = memo.get(node);
    if (hit !== undefined) return hit;
    if (inProgress.has(node)) return cap;
    inProgress.add(node);
    let total = 0;
    if (isAlias(node)) {
      const target = aliasTarget(node);
      total = 1 + (target ? expansions(target) : 0);
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
  let reported = maxAliasCount < 0;
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
    if (running > maxAliasCount) {
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
