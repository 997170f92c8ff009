import type { Node } from 'yaml';
import { isScalar, Scalar, visit } from 'yaml';
import { parsePayloadText } from '../yaml/parse';
import { hasErrors } from '../yaml/problems';
import { dottedPath } from '../yaml/paths';

/** A number written in a payload document: a value a sweep can change. */
export interface NumericNode {
  /** The path as the dialect reader reports it, e.g. `sampling_payload.sampling.circuit.gates[0].theta`. */
  path: string;
  value: number;
  /** The value's source text and where it stands (0-based offsets, end exclusive). */
  source: string;
  offset: number;
  endOffset: number;
}

/** True for a plain (unquoted) scalar that reads as a number: the only kind a sweep rewrites. */
export function isSweepableScalar(node: unknown): node is Scalar<number> {
  return (
    isScalar(node) &&
    typeof node.value === 'number' &&
    (node.type === Scalar.PLAIN || node.type === undefined) &&
    Array.isArray(node.range)
  );
}

/**
 * Every plain number of a payload document in document order, with its path; aliases are not
 * entered (their numbers belong to their anchors). With `cursor` (an offset), the number under
 * or nearest before it comes first. An unparsable document has none.
 */
export function numericNodes(text: string, cursor?: number): NumericNode[] {
  const { doc, problems } = parsePayloadText(text);
  if (hasErrors(problems)) return [];
  const found: NumericNode[] = [];
  visit(doc, {
    Scalar(_key, node, ancestors) {
      if (!isSweepableScalar(node)) return;
      const [offset = 0, endOffset = offset] = node.range ?? [];
      // Mapping keys are not values.
      const parent = ancestors[ancestors.length - 1];
      if (parent && 'key' in parent && (parent as { key: unknown }).key === node) return;
      found.push({
        path: dottedPath(ancestors, node as Node),
        value: node.value,
        source: text.slice(offset, endOffset),
        offset,
        endOffset,
      });
    },
  });
  if (cursor === undefined) return found;
  let best = -1;
  for (let i = 0; i < found.length; i++) {
    const n = found[i]!;
    if (n.offset <= cursor) best = i;
    if (n.offset <= cursor && cursor <= n.endOffset) break;
  }
  if (best <= 0) return found;
  return [found[best]!, ...found.slice(0, best), ...found.slice(best + 1)];
}
