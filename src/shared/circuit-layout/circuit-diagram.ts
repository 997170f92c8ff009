import type { ReadCircuit } from '../dialect/circuit-model';
import type { CircuitDiagram, DiagramItem } from './diagram-model';
import type { GateFace, ParamValueOf } from './labels';
import { gateFace, measureFace } from './labels';
import { packColumns } from './layout';
import type { Span } from './layout';

/** Where a model path stands in the text (1-based lines, inclusive). */
export type LinesOf = (path: string) => { line: number; endLine: number };

/** What a diagram is drawn from besides the circuit. */
export interface DiagramSources {
  linesOf: LinesOf;
  valueOf: ParamValueOf;
  /** The problems' messages by the path of the gate-list item they are about. */
  problems: ReadonlyMap<string, string>;
}

interface Placed {
  face: GateFace;
  name: string;
  path: string;
}

function unreadFace(tag: string | undefined, nqubits: number): GateFace {
  const targets = Array.from({ length: Math.max(nqubits, 1) }, (_, q) => q);
  const what = tag ?? 'an untagged item';
  return {
    kind: 'unread',
    label: tag ?? '?',
    angles: [],
    targets,
    controls: [],
    accessibleName: `${what}, not read`,
    title: `${what}, not read`,
  };
}

/** Gates, measurements and unread items in the order they are written. */
function inOrder({ circuit, unread }: ReadCircuit, valueOf: ParamValueOf): Placed[] {
  const before = new Map<number, { line: string; placed: Placed }[]>();
  const add = (at: number, path: string, placed: Placed) => {
    const list = before.get(at) ?? [];
    list.push({ line: path, placed });
    before.set(at, list);
  };
  for (const m of circuit.measurements ?? [])
    add(m.at, m.path, { face: measureFace(m.qubits), name: 'M', path: m.path });
  for (const u of unread)
    add(u.at, u.path, {
      face: unreadFace(u.tag, circuit.nqubits),
      name: u.tag ?? '?',
      path: u.path,
    });
  const placed: Placed[] = [];
  const flush = (at: number) => {
    const list = before.get(at);
    if (!list) return;
    list.sort((a, b) => itemIndex(a.line) - itemIndex(b.line));
    for (const { placed: p } of list) placed.push(p);
  };
  circuit.gates.forEach((gate, i) => {
    flush(i);
    placed.push({ face: gateFace(gate, valueOf), name: gate.name, path: gate.path });
  });
  flush(circuit.gates.length);
  return placed;
}

/** The index that ends a gate-list item's path (`…gates[12]` → 12). */
function itemIndex(path: string): number {
  const m = /\[(\d+)\]$/.exec(path);
  return m ? Number(m[1]) : 0;
}

/** One circuit as the diagram draws it: its items, packed into columns, each on its lines. */
export function circuitDiagram(read: ReadCircuit, sources: DiagramSources): CircuitDiagram {
  const placed = inOrder(read, sources.valueOf);
  const spans: Span[] = new Array<Span>(placed.length);
  for (let i = 0; i < placed.length; i++) spans[i] = spanOf((placed[i] as Placed).face);
  const { columns, count } = packColumns(spans, read.circuit.nqubits);
  let nqubits = read.circuit.nqubits;
  const items: DiagramItem[] = new Array<DiagramItem>(placed.length);
  for (let i = 0; i < placed.length; i++) {
    const { face, name, path } = placed[i] as Placed;
    const span = spans[i] as Span;
    const { line, endLine } = sources.linesOf(path);
    nqubits = Math.max(nqubits, span.hi + 1);
    // One literal of one shape for every item (no spreads): 25,000 of them are made at a time.
    items[i] = {
      kind: face.kind,
      name,
      label: face.label,
      angles: face.angles,
      targets: face.targets,
      controls: face.controls,
      lo: span.lo,
      hi: span.hi,
      column: columns[i] ?? 0,
      accessibleName: face.accessibleName,
      title: face.title,
      line,
      endLine,
      problem: sources.problems.get(path),
    };
  }
  return { nqubits, columns: count, items, line: sources.linesOf(read.circuit.ref.path).line };
}

/** The wires an item spans, lowest to highest (controls included). */
function spanOf(face: GateFace): Span {
  let lo = Infinity;
  let hi = -Infinity;
  for (const q of face.targets) {
    if (q < lo) lo = q;
    if (q > hi) hi = q;
  }
  for (const q of face.controls) {
    if (q < lo) lo = q;
    if (q > hi) hi = q;
  }
  return lo <= hi ? { lo, hi } : { lo: 0, hi: 0 };
}
