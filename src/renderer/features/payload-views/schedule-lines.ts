import { isMap, isPair, isScalar } from 'yaml';
import type { Document, Node } from 'yaml';
import type { NodeRef } from '../../../shared/dialect/node-reader';
import { nodeRange, resolveNode } from '../../../shared/yaml';

/** Lines of the editor's text (1-based, both included). */
export interface LineSpan {
  line: number;
  endLine: number;
}

/**
 * Where a coefficient stands, by the mapping that holds it: the friendly form's `coefficients`
 * (its points), the SDK's `_coefficients` (0.2.x: its Interpolator), else its Hamiltonian
 * (0.1.x keys coefficients by step, so the label's own line is its Hamiltonian's).
 */
const HOLDERS = ['coefficients', '_coefficients', 'hamiltonians', '_hamiltonians'] as const;

function valueOf(map: unknown, key: string, doc: Document): { key: Node; value: Node } | undefined {
  const node = resolveNode(map, doc);
  if (!isMap(node)) return undefined;
  for (const pair of node.items) {
    if (!isPair(pair) || !isScalar(pair.key) || String(pair.key.value) !== key) continue;
    const value = resolveNode(pair.value, doc);
    return value ? { key: pair.key, value } : undefined;
  }
  return undefined;
}

/**
 * The lines of each schedule term's coefficient (by label) in the text the schedule was read
 * from: the label's key through the end of its value. Undefined for a label not found (the
 * schedule read from another text than the editor's).
 */
export function coefficientLines(
  schedule: NodeRef,
  labels: readonly string[],
): (LineSpan | undefined)[] {
  const { lines, text, doc } = schedule.src;
  return labels.map((label) => {
    for (const holder of HOLDERS) {
      const found = valueOf(valueOf(schedule.node, holder, doc)?.value, label, doc);
      if (!found) continue;
      const start = nodeRange(found.key, lines, text);
      const end = nodeRange(found.value, lines, text);
      return { line: start.line, endLine: Math.max(end.endLine, start.line) };
    }
    return undefined;
  });
}
