/**
 * A result document as plain data: what the viewers read and the tree view draws. Tags are kept
 * as strings and never resolved. Plain data (typed arrays, no class instances, no `yaml` nodes)
 * so a tree built in a worker crosses `postMessage` unchanged.
 *
 * Long homogeneous collections have compact forms with the same meaning as the sequence or
 * mapping they replace: a sampling result with a million outcomes is two arrays, not a million
 * objects.
 */

export type ScalarValue = string | number | boolean | null;

interface Tagged {
  /** Full tag name (`!SamplingResult`, `tag:yaml.org,2002:python/...`), null when untagged. */
  tag: string | null;
}

export interface TScalar extends Tagged {
  kind: 'scalar';
  value: ScalarValue;
}

export interface TEntry {
  key: string;
  value: TNode;
}

export interface TMap extends Tagged {
  kind: 'map';
  entries: TEntry[];
}

export interface TSeq extends Tagged {
  kind: 'seq';
  items: TNode[];
}

/** A sequence of untagged numbers. */
export interface TNumbers extends Tagged {
  kind: 'numbers';
  values: Float64Array;
}

/** A sequence of `!complex {real, imag}` mappings; `itemTag` is the items' tag. */
export interface TComplexes extends Tagged {
  kind: 'complexes';
  itemTag: string | null;
  re: Float64Array;
  im: Float64Array;
}

/** A sequence of equally long sequences of numbers (`[[t, v1, v2], ...]`), row-major. */
export interface TRows extends Tagged {
  kind: 'rows';
  width: number;
  values: Float64Array;
}

/** A mapping of scalar keys to untagged numbers (`samples: {"00": 512, ...}`). */
export interface TCounts extends Tagged {
  kind: 'counts';
  keys: string[];
  values: Float64Array;
}

export type TNode = TScalar | TMap | TSeq | TNumbers | TComplexes | TRows | TCounts;

/** How many children a node has (entries, items or rows). */
export function childCount(node: TNode): number {
  switch (node.kind) {
    case 'scalar':
      return 0;
    case 'map':
      return node.entries.length;
    case 'seq':
      return node.items.length;
    case 'numbers':
      return node.values.length;
    case 'complexes':
      return node.re.length;
    case 'rows':
      return node.width > 0 ? node.values.length / node.width : 0;
    case 'counts':
      return node.keys.length;
  }
}

export function scalar(value: ScalarValue, tag: string | null = null): TScalar {
  return { kind: 'scalar', tag, value };
}

/** The entry `name`, or the SDK's spelling `_name` (they mean the same). */
export function fieldOf(node: TNode, name: string): TNode | undefined {
  if (node.kind === 'map') {
    const hit =
      node.entries.find((e) => e.key === name) ?? node.entries.find((e) => e.key === `_${name}`);
    return hit?.value;
  }
  if (node.kind === 'counts') {
    let i = node.keys.indexOf(name);
    if (i < 0) i = node.keys.indexOf(`_${name}`);
    return i < 0 ? undefined : scalar(node.values[i]!);
  }
  return undefined;
}

/** Keys of a mapping, without the SDK's leading underscore. */
export function fieldNames(node: TNode): string[] {
  const keys =
    node.kind === 'map' ? node.entries.map((e) => e.key) : node.kind === 'counts' ? node.keys : [];
  return keys.map((k) => (k.startsWith('_') ? k.slice(1) : k));
}

/** The item at `index` of any sequence form, expanded to a node. */
export function itemAt(node: TNode, index: number): TNode | undefined {
  switch (node.kind) {
    case 'seq':
      return node.items[index];
    case 'numbers':
      return index < node.values.length ? scalar(node.values[index]!) : undefined;
    case 'complexes':
      if (index >= node.re.length) return undefined;
      return {
        kind: 'map',
        tag: node.itemTag,
        entries: [
          { key: 'real', value: scalar(node.re[index]!) },
          { key: 'imag', value: scalar(node.im[index]!) },
        ],
      };
    case 'rows': {
      const rows = childCount(node);
      if (index >= rows) return undefined;
      return {
        kind: 'numbers',
        tag: null,
        values: node.values.slice(index * node.width, (index + 1) * node.width),
      };
    }
    default:
      return undefined;
  }
}

export function isMapping(node: TNode): boolean {
  return node.kind === 'map' || node.kind === 'counts';
}

/** A short description for messages: "a mapping", "a sequence of 3", "the string 'x'". */
export function describeNode(node: TNode | undefined): string {
  if (!node) return 'nothing';
  const tag = node.tag ? `${node.tag} ` : '';
  if (node.kind === 'scalar') {
    const v = node.value;
    if (v === null) return `${tag}null`;
    if (typeof v === 'string')
      return `${tag}the text "${v.length > 40 ? `${v.slice(0, 40)}…` : v}"`;
    return `${tag}${typeof v} ${String(v)}`;
  }
  if (isMapping(node)) return `${tag}a mapping of ${childCount(node)}`;
  return `${tag}a sequence of ${childCount(node)}`;
}

/** A tag's class name: `!SamplingResult` → `SamplingResult`; `tag:…:python/object:pkg.Foo` → `Foo`. */
export function tagName(tag: string | null): string | null {
  if (!tag) return null;
  return tag.replace(/^!+/, '').split(/[:./]/).pop() || null;
}
