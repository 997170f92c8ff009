import { isCollection, isMap, isPair, isScalar } from 'yaml';
import { resolveNode } from './origins';

/**
 * Whether two nodes hold the same data: same tags, same scalar values, same keys and items in
 * the same order, aliases followed. Used to prove that an extracted node, parsed on its own,
 * means exactly what it meant inside the user's document (when its meaning depends on more than
 * its text: `stands-alone.ts`). Linear in the nodes; the depth limit bounds the recursion.
 */
export function sameData(a: unknown, b: unknown): boolean {
  const x = isPair(a) ? a : resolveNode(a);
  const y = isPair(b) ? b : resolveNode(b);
  if (x === null || y === null) return x === y;
  if (isPair(x) || isPair(y)) {
    return isPair(x) && isPair(y) && sameData(x.key, y.key) && sameData(x.value, y.value);
  }
  if ((x.tag ?? null) !== (y.tag ?? null)) return false;
  if (isScalar(x) || isScalar(y)) return isScalar(x) && isScalar(y) && sameValue(x.value, y.value);
  if (!isCollection(x) || !isCollection(y) || isMap(x) !== isMap(y)) return false;
  if (x.items.length !== y.items.length) return false;
  return x.items.every((item, i) => sameData(item, y.items[i]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  // `!!timestamp` and `!!binary` compose to objects (Date, Uint8Array): compare their content.
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}
