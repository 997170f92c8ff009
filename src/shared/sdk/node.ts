/**
 * The SDK's objects as data: what qilisdk's YAML (ruamel.yaml, `typ="unsafe"`) holds, one node per
 * Python object. It is a graph, not a tree: an object the SDK uses twice (a Parameter in two gates
 * and in the circuit's `_parameters`, a gate referenced from `_parameters_link`) is ONE node here,
 * which the writer emits once with an anchor and then as aliases, as ruamel does.
 *
 * Scalars keep what Python keeps: an int is not a float (`_value: 0` is not `_value: 0.0`), ints
 * are exact at any size (`_hash_cache: 8329607030044928788` is beyond 2^53), `-0.0` stays negative.
 * A mapping keeps its entries in the order the Python dict had them (insertion order); keys may be
 * any node (ints, floats, `!tuple` sequences, objects). The writer sorts them as ruamel's
 * representer does (`sorted()` of the items, left as they are when Python cannot order them), so
 * a builder inserts in the SDK's insertion order and need not sort.
 */
export type SdkNode = SdkNull | SdkBool | SdkInt | SdkFloat | SdkStr | SdkSeq | SdkMap;

interface Tagged {
  /**
   * The node's tag as written, or null for none: `!H`, `!tuple`, `!complex`, `!qilisdk.Parameter`,
   * `!type`, `!lambda`, `tag:yaml.org,2002:python/object:qilisdk.cost_functions....` is written
   * `!!python/object:qilisdk.cost_functions....` (the `!!` shorthand is the writer's business).
   */
  readonly tag: string | null;
}

export interface SdkNull extends Tagged {
  readonly kind: 'null';
}
export interface SdkBool extends Tagged {
  readonly kind: 'bool';
  readonly value: boolean;
}
export interface SdkInt extends Tagged {
  readonly kind: 'int';
  readonly value: bigint;
}
export interface SdkFloat extends Tagged {
  readonly kind: 'float';
  /** NaN and ±Infinity included; -0 is kept. */
  readonly value: number;
}
export interface SdkStr extends Tagged {
  readonly kind: 'str';
  readonly value: string;
}
export interface SdkSeq extends Tagged {
  readonly kind: 'seq';
  readonly items: SdkNode[];
}
export interface SdkMap extends Tagged {
  readonly kind: 'map';
  readonly entries: Array<readonly [SdkNode, SdkNode]>;
}

export type SdkScalar = SdkNull | SdkBool | SdkInt | SdkFloat | SdkStr;

export const sdkNull = (tag: string | null = null): SdkNull => ({ kind: 'null', tag });
export const sdkBool = (value: boolean, tag: string | null = null): SdkBool => ({
  kind: 'bool',
  value,
  tag,
});
export const sdkInt = (value: bigint | number, tag: string | null = null): SdkInt => {
  if (typeof value === 'number' && !Number.isSafeInteger(value))
    throw new RangeError(`sdkInt: ${value} is not an exact integer`);
  return { kind: 'int', value: BigInt(value), tag };
};
export const sdkFloat = (value: number, tag: string | null = null): SdkFloat => ({
  kind: 'float',
  value,
  tag,
});
export const sdkStr = (value: string, tag: string | null = null): SdkStr => ({
  kind: 'str',
  value,
  tag,
});
export const sdkSeq = (items: SdkNode[], tag: string | null = null): SdkSeq => ({
  kind: 'seq',
  items,
  tag,
});
/** A mapping with string keys, from `[key, value]` pairs in the dict's insertion order. */
export const sdkMap = (
  entries: ReadonlyArray<readonly [string | SdkNode, SdkNode]>,
  tag: string | null = null,
): SdkMap => ({
  kind: 'map',
  entries: entries.map(([k, v]) => [typeof k === 'string' ? sdkStr(k) : k, v] as const),
  tag,
});

/** The value under a string key of a mapping, or undefined. */
export function sdkGet(map: SdkMap, key: string): SdkNode | undefined {
  for (const [k, v] of map.entries) if (k.kind === 'str' && k.value === key) return v;
  return undefined;
}
