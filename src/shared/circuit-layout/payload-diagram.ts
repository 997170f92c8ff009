import type { DocumentModel } from '../dialect/check-document';
import type { YamlProblem } from '../yaml/problems';
import type { ParsedPayloadText } from '../yaml/parse';
import { circuitDiagram } from './circuit-diagram';
import type { PayloadDiagram } from './diagram-model';
import { linesInDocument } from './locate-lines';

/**
 * The problems' messages by the gate-list item they are about: a problem's path is the item's
 * path or goes on inside it (`…gates[1].target`).
 */
function problemsByItem(problems: readonly YamlProblem[]): Map<string, string> {
  const byItem = new Map<string, string>();
  for (const p of problems) {
    if (!p.path || p.severity === 'info') continue;
    for (const m of p.path.matchAll(/\]/g)) {
      const item = p.path.slice(0, m.index + 1);
      const earlier = byItem.get(item);
      byItem.set(item, earlier ? `${earlier}\n${p.message}` : p.message);
    }
  }
  return byItem;
}

/**
 * The circuit diagram of a payload document from what the dialect's checks read of it: every
 * circuit, also one a gate of which could not be read (that item drawn across the wires and
 * marked). `none` for a payload without a circuit.
 */
export function payloadDiagram(
  read: { model: DocumentModel; parsed: ParsedPayloadText } | undefined,
  problems: readonly YamlProblem[],
  text: string,
): PayloadDiagram {
  const ctx = read?.model.parts?.ctx;
  if (!read || !ctx || ctx.circuits.length === 0) return { state: 'none' };
  const { circuits, params } = ctx;
  const { doc, lineCounter } = read.parsed;
  const sources = {
    linesOf: linesInDocument(doc, lineCounter, text),
    valueOf: (name: string) => params.get(name)?.value.value,
    problems: problemsByItem(problems),
  };
  return { state: 'circuits', circuits: circuits.map((c) => circuitDiagram(c, sources)) };
}
