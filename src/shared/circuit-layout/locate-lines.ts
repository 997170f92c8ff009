import type { Document, LineCounter } from 'yaml';
import { isSeq } from 'yaml';
import { compactItemsOf } from '../yaml/compact-items';
import { locatePath, nodeRange } from '../yaml/locate';
import type { LinesOf } from './circuit-diagram';

/** A model path's segments: `a.gates[3]` → ['a', 'gates', 3]. */
export function pathSegmentsOf(path: string): (string | number)[] {
  return (path.match(/\[\d+\]|[^.[\]]+/g) ?? []).map((s) =>
    s.startsWith('[') ? Number(s.slice(1, -1)) : s,
  );
}

/**
 * Where each gate stands in the document, by its path. A gate list is found once and its items
 * indexed; a list the plain reader kept compact (`compact-items.ts`) is read from the offsets it
 * kept, so no node is made for the 25,000 gates of a large circuit.
 */
export function linesInDocument(doc: Document, lineCounter: LineCounter, text: string): LinesOf {
  const lists = new Map<string, ReturnType<typeof locatePath>>();
  const lineOf = (offset: number) => lineCounter.linePos(offset).line;
  const whole = (path: string) => {
    const { range } = locatePath(doc, lineCounter, pathSegmentsOf(path), text);
    return { line: range.line, endLine: range.endLine };
  };
  return (path) => {
    const m = /^(.*)\[(\d+)\]$/.exec(path);
    if (!m) return whole(path);
    const listPath = m[1] ?? '';
    const index = Number(m[2]);
    let list = lists.get(listPath);
    if (!list) {
      list = locatePath(doc, lineCounter, pathSegmentsOf(listPath), text);
      lists.set(listPath, list);
    }
    const node = list.exact ? list.node : null;
    const compact = compactItemsOf(node);
    if (compact) {
      const made = compact.nodes[index];
      if (made) {
        const range = nodeRange(made, lineCounter, text);
        return { line: range.line, endLine: range.endLine };
      }
      const start = compact.starts[index];
      if (start !== undefined) return { line: lineOf(start), endLine: lineOf(start) };
    } else if (isSeq(node)) {
      const item = node.items[index];
      if (item && typeof item === 'object' && 'range' in item) {
        const range = nodeRange(item as Parameters<typeof nodeRange>[0], lineCounter, text);
        return { line: range.line, endLine: range.endLine };
      }
    }
    return whole(path);
  };
}
