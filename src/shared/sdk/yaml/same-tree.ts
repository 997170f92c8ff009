import type { SdkMap, SdkNode } from '../node';
import { pythonFloatRepr } from './python-repr';

/*
 * Tree equality of two SDK graphs, for tests and round-trip checks: aliases are followed (a shared
 * node equals its copies), mappings compare as sets of entries (the writer orders them), ints and
 * floats are different things (`0` is not `0.0`), NaN equals NaN, -0.0 is not 0.0. Pairs of
 * collections found equal are remembered, so a graph that is small as written but huge as a tree
 * (an alias bomb) compares in the time of its size as written.
 */

function describe(node: SdkNode): string {
  const tag = node.tag === null ? '' : `${node.tag} `;
  switch (node.kind) {
    case 'null':
      return `${tag}null`;
    case 'bool':
      return `${tag}${node.value}`;
    case 'int':
      return `${tag}${node.value}`;
    case 'float':
      return `${tag}${pythonFloatRepr(node.value)}`;
    case 'str':
      return `${tag}${JSON.stringify(node.value)}`;
    case 'seq':
      return `${tag}a sequence of ${node.items.length}`;
    case 'map':
      return `${tag}a mapping of ${node.entries.length}`;
  }
}

/** A key as a path step: `.name` for plain names, `[…]` for anything else. */
function step(key: SdkNode): string {
  if (key.kind === 'str' && key.tag === null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key.value)) {
    return `.${key.value}`;
  }
  return `[${key.kind === 'map' ? `${key.tag ?? 'mapping'} key` : describe(key)}]`;
}

/** An identity for keys that are plain scalars (the usual case), to pair entries quickly. */
function scalarKeyId(key: SdkNode): string | null {
  if (key.tag !== null) return null;
  switch (key.kind) {
    case 'str':
      return `s${key.value}`;
    case 'int':
      return `i${key.value}`;
    case 'float':
      return `f${Object.is(key.value, -0) ? '-0' : String(key.value)}`;
    case 'bool':
      return `b${key.value}`;
    case 'null':
      return 'z';
    default:
      return null;
  }
}

class TreeComparer {
  private readonly equal = new Map<SdkNode, Set<SdkNode>>();

  compare(a: SdkNode, b: SdkNode, path: string): string | null {
    if (a === b) return null;
    if (a.kind !== b.kind || a.tag !== b.tag) return `${path}: ${describe(a)} vs ${describe(b)}`;
    switch (a.kind) {
      case 'null':
        return null;
      case 'bool':
      case 'int':
      case 'str':
        return a.value === (b as typeof a).value
          ? null
          : `${path}: ${describe(a)} vs ${describe(b)}`;
      case 'float':
        return Object.is(a.value, (b as typeof a).value)
          ? null
          : `${path}: ${describe(a)} vs ${describe(b)}`;
      default:
        break;
    }
    if (this.equal.get(a)?.has(b)) return null;
    const found =
      a.kind === 'seq'
        ? this.sequences(a, b as typeof a, path)
        : this.mappings(a, b as SdkMap, path);
    if (found === null) {
      let set = this.equal.get(a);
      if (!set) this.equal.set(a, (set = new Set()));
      set.add(b);
    }
    return found;
  }

  private sequences(a: { items: SdkNode[] }, b: { items: SdkNode[] }, path: string): string | null {
    const n = Math.min(a.items.length, b.items.length);
    for (let i = 0; i < n; i++) {
      const found = this.compare(a.items[i]!, b.items[i]!, `${path}[${i}]`);
      if (found) return found;
    }
    if (a.items.length !== b.items.length) {
      return `${path}: ${a.items.length} items vs ${b.items.length}`;
    }
    return null;
  }

  private mappings(a: SdkMap, b: SdkMap, path: string): string | null {
    const unmatched = new Set(b.entries);
    const byId = new Map<string, (typeof b.entries)[number]>();
    for (const entry of b.entries) {
      const id = scalarKeyId(entry[0]);
      if (id !== null) byId.set(id, entry);
    }
    for (let i = 0; i < a.entries.length; i++) {
      const [key, value] = a.entries[i]!;
      const id = scalarKeyId(key);
      let match = id !== null ? byId.get(id) : undefined;
      const same = b.entries[i];
      if (id === null && same && unmatched.has(same) && this.compare(key, same[0], path) === null) {
        match = same; // the usual case: the same key at the same place
      } else if (id === null) {
        for (const entry of unmatched) {
          if (scalarKeyId(entry[0]) === null && this.compare(key, entry[0], path) === null) {
            match = entry;
            break;
          }
        }
      }
      const at = `${path}${step(key)}`;
      if (!match || !unmatched.has(match)) return `${at}: present vs missing`;
      unmatched.delete(match);
      const found = this.compare(value, match[1], at);
      if (found) return found;
    }
    const [extra] = unmatched;
    return extra ? `${path}${step(extra[0])}: missing vs present` : null;
  }
}

/**
 * The first difference between two SDK graphs read as trees, as a path and the two values
 * (`circuit._gates[3]._parameters.theta._value: 0.3 vs 0.30000000000000004`), or null when
 * they are the same tree.
 */
export function sameSdkTree(a: SdkNode, b: SdkNode): string | null {
  const found = new TreeComparer().compare(a, b, '');
  if (found === null) return null;
  return found.startsWith(':') ? `(root)${found}` : found.replace(/^\./, '');
}
