import type { NodeRef } from './node-reader';

/**
 * A part of a payload in the SDK's form that the model cannot interpret (the SDK's `QAOA`, a
 * class of a newer SDK, a cost function's pickled code): kept as the YAML it was read from.
 * Compile passes `text` through exactly; the friendly printer prints it in place; the simulator
 * runs what it could read inside it and says what it ignored.
 */
export interface Island {
  kind: 'island';
  /** Why the model cannot hold it, for people: "the SDK's QAOA ansatz (parameter transforms)". */
  reason: string;
  /** Its YAML text on its own (dedented, the node's tag first): one SDK object. */
  text: string;
  ref: NodeRef;
}

/** The node of `ref` as a stand-alone YAML text (its lines dedented to column 0). */
export function islandText(ref: NodeRef): string {
  const node = ref.node;
  const range = node?.range;
  if (!node || !range) return '';
  const text = ref.src.text;
  let start = range[0];
  // Include the tag, which precedes the node's range.
  if (node.tag) {
    // A tag of YAML's own namespace is written in its `!!` shorthand (`!!python/object:…`).
    const written = node.tag.replace(/^tag:yaml\.org,2002:/, '!!');
    const at = text.lastIndexOf(written, start);
    if (at >= 0 && text.slice(at + written.length, start).trim() === '') start = at;
  }
  const body = text.slice(start, range[1]).replace(/\s+$/, '');
  const [first = '', ...rest] = body.split('\n');
  // The block under the tag is indented as its parent left it: take the common indent off.
  const indent = Math.min(...rest.filter((l) => l.trim() !== '').map(indentOf));
  const dedented = rest.map((line) => line.slice(Math.min(indent, indentOf(line))));
  return `${[first, ...dedented].join('\n')}\n`;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
