import type { Document, Node, Pair } from 'yaml';
import { isPair, isScalar, isSeq } from 'yaml';
import { formatIssuePath } from '../variants/issues';

/** A mapping key as the models name it (`String` of a scalar key's value). */
export function keyString(key: unknown): string {
  if (isScalar(key)) return String(key.value);
  return typeof key === 'string' || typeof key === 'number' ? String(key) : '(complex key)';
}

/** The path segments of `node` given `yaml`'s visitor ancestry. */
export function pathSegments(
  ancestors: readonly (Document | Node | Pair)[],
  node: Node,
): (string | number)[] {
  const chain = [...ancestors, node];
  const segments: (string | number)[] = [];
  for (let i = 0; i < chain.length - 1; i++) {
    const here = chain[i];
    const child = chain[i + 1];
    if (isPair(here)) {
      if (child === here.value) segments.push(keyString(here.key));
    } else if (isSeq(here)) {
      segments.push(here.items.indexOf(child));
    }
  }
  return segments;
}

export function dottedPath(ancestors: readonly (Document | Node | Pair)[], node: Node): string {
  return formatIssuePath(pathSegments(ancestors, node));
}
