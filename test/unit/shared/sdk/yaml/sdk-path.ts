import type { SdkNode } from '../../../../../src/shared/sdk/node';

/**
 * The node at a path of string keys and sequence indices (`circuit._gates[0]._parameters`),
 * for tests; throws when the path leads nowhere.
 */
export function at(node: SdkNode, path: string): SdkNode {
  let current = node;
  for (const [, key, index] of path.matchAll(/\.?([^.[\]]+)|\[(\d+)\]/g)) {
    if (index !== undefined) {
      if (current.kind !== 'seq') throw new Error(`${path}: [${index}] of a ${current.kind}`);
      const item = current.items[Number(index)];
      if (!item) throw new Error(`${path}: no item ${index}`);
      current = item;
    } else {
      if (current.kind !== 'map') throw new Error(`${path}: .${key} of a ${current.kind}`);
      const entry = current.entries.find(([k]) => k.kind === 'str' && k.value === key);
      if (!entry) throw new Error(`${path}: no key ${key}`);
      current = entry[1];
    }
  }
  return current;
}
