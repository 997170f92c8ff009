import { Document, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { Node } from 'yaml';

/** A value to serialise; `Tagged` marks a node that must carry a YAML tag. */
export type YValue =
  | number
  | string
  | boolean
  | null
  | Tagged
  | readonly YValue[]
  | ReadonlyMap<string, YValue>
  | { readonly [key: string]: YValue };

export class Tagged {
  constructor(
    readonly tag: string,
    readonly value: YValue,
    /** Write as a flow collection (`{ real: 1, imag: 0 }`) to keep long lists readable. */
    readonly flow = false,
  ) {}
}

export function complexValue(re: number, im: number): Tagged {
  return new Tagged('!complex', { real: clean(re), imag: clean(im) }, true);
}

/** −0 reads oddly in a result; it is 0. */
function clean(v: number): number {
  return Object.is(v, -0) ? 0 : v;
}

/**
 * Serialise a result object the way the real service sends it: a YAML string that begins with
 * the result's tag (`!SamplingResult\n...`). Built through the `yaml` Document API so tags are
 * real node tags and the text parses back with them.
 */
export function taggedYaml(result: Tagged): string {
  const doc = new Document();
  doc.contents = toNode(result);
  return doc.toString({ lineWidth: 0 });
}

function toNode(value: YValue, flow = false): Node {
  if (value instanceof Tagged) {
    const node = toNode(value.value, value.flow);
    node.tag = value.tag;
    return node;
  }
  if (Array.isArray(value)) {
    const seq = new YAMLSeq();
    const items = value as readonly YValue[];
    // Lists of plain numbers stay on one line: curves and rows of expected values.
    seq.flow = flow || (items.length > 0 && items.every((v) => typeof v === 'number'));
    for (const item of items) seq.items.push(toNode(item, flow));
    return seq;
  }
  if (value !== null && typeof value === 'object') {
    const map = new YAMLMap();
    map.flow = flow;
    // A Map keeps its order; a plain object would list integer-like keys ("11") before "00".
    const entries =
      value instanceof Map ? [...(value as ReadonlyMap<string, YValue>)] : Object.entries(value);
    for (const [k, v] of entries as Array<[string, YValue]>) {
      map.items.push(new Pair(scalarNode(k), toNode(v, flow)));
    }
    return map;
  }
  return scalarNode(value);
}

function scalarNode(value: string | number | boolean | null): Scalar {
  const scalar = new Scalar(typeof value === 'number' ? clean(value) : value);
  // Bitstrings such as "0101" must stay strings; plain style would read back as numbers.
  if (typeof value === 'string' && /^[0-9+.-]/.test(value)) scalar.type = Scalar.QUOTE_DOUBLE;
  return scalar;
}
