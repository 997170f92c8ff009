import { Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';

/*
 * Nodes of the `yaml` package's classes, made without their constructors. Each constructor
 * marks its node's type in a hidden symbol property with `Object.defineProperty` (and a
 * collection its `schema`), which was most of the cost of making a node: reading a megabyte of
 * gates makes a million of them. Here the type mark (and an unset schema) sits on a prototype
 * between the node and its class, where the package's type guards (`isScalar`, `isMap`, …) and
 * `instanceof` find it all the same, and each node gets only its own fields, in the order the
 * constructors give them.
 *
 * `test/unit/shared/yaml/fast-nodes.test.ts` holds these to nodes made by the constructors:
 * the same guards, the same own fields, the same behaviour.
 */

/** The hidden symbol the package marks a node's type with (its only own symbol). */
function typeMark(node: object): symbol {
  const [mark] = Object.getOwnPropertySymbols(node);
  if (!mark) throw new Error('yaml: a node without its type mark (has the package changed?)');
  return mark;
}

/** A prototype under the class's own that carries the type mark of `sample` (and `schema`). */
function markedPrototype(sample: object, collection: boolean): object {
  const mark = typeMark(sample);
  const props: PropertyDescriptorMap = {
    [mark]: { value: (sample as Record<symbol, unknown>)[mark] },
  };
  if (collection)
    props.schema = { value: undefined, configurable: true, enumerable: false, writable: true };
  return Object.create(Object.getPrototypeOf(sample) as object, props) as object;
}

const SCALAR = markedPrototype(new Scalar(null), false);
const MAP = markedPrototype(new YAMLMap(), true);
const SEQ = markedPrototype(new YAMLSeq(), true);
const PAIR = markedPrototype(new Pair(null), false);

export function fastScalar(value: unknown): Scalar {
  const scalar = Object.create(SCALAR) as Scalar;
  scalar.value = value;
  return scalar;
}

export function fastMap(items: Pair[] = []): YAMLMap {
  const map = Object.create(MAP) as YAMLMap;
  map.items = items;
  return map;
}

export function fastSeq(items: unknown[] = []): YAMLSeq {
  const seq = Object.create(SEQ) as YAMLSeq;
  seq.items = items;
  return seq;
}

export function fastPair(key: unknown, value: unknown): Pair {
  const pair = Object.create(PAIR) as Pair;
  pair.key = key;
  pair.value = value;
  return pair;
}
