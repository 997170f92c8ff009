import type { ReadCircuit } from '../dialect/circuit-model';
import type { CircuitDiagram, DiagramItem } from './diagram-model';
import type { GateFace, ParamValueOf } from './labels';
import { gateFace, measureFace } from './labels';
import { packColumns } from './layout';

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
  const spans = placed.map(({ face }) => {
    const wires = [...face.targets, ...face.controls];
    let lo = Infinity;
    let hi = -Infinity;
    for (const q of wires) {
      lo = Math.min(lo, q);
      hi = Math.max(hi, q);
    }
    return wires.length > 0 ? { lo, hi } : { lo: 0, hi: 0 };
  });
  const { columns, count } = packColumns(spans, read.circuit.nqubits);
  const items = placed.map(({ face, name, path }, i): DiagramItem => {
    const problem = sources.problems.get(path);
    return {
      ...face,
      name,
      lo: spans[i]?.lo ?? 0,
      hi: spans[i]?.hi ?? 0,
      column: columns[i] ?? 0,
      ...sources.linesOf(path),
      ...(problem ? { problem } : {}),
    };
  });
  let nqubits = read.circuit.nqubits;
  for (const s of spans) nqubits = Math.max(nqubits, s.hi + 1);
  return { nqubits, columns: count, items, line: sources.linesOf(read.circuit.ref.path).line };
}
