import type { NodeRef } from './node-reader';
import { readNum } from './numbers';
import type { Num, ParamTable } from './numbers';
import type { ParseContext } from './parse-context';

export type GateName =
  | 'I'
  | 'X'
  | 'Y'
  | 'Z'
  | 'H'
  | 'S'
  | 'T'
  | 'RX'
  | 'RY'
  | 'RZ'
  | 'U1'
  | 'U2'
  | 'U3'
  | 'CNOT'
  | 'CZ'
  | 'SWAP';

export interface Gate {
  name: GateName;
  /** Single-qubit gates: [qubit]; CNOT/CZ: [control, target]; SWAP: [a, b]. */
  qubits: number[];
  /** In the order of the gate's angle keys (U3: theta, phi, gamma). */
  angles: Num[];
  path: string;
}

export interface Circuit {
  nqubits: number;
  gates: Gate[];
  /** Ascending; every qubit when the circuit has no !M. */
  measured: number[];
  ref: NodeRef;
}

interface GateShape {
  qubitKeys: 'qubit' | 'control-target' | 'pair';
  angles: readonly string[];
}

const ONE: GateShape = { qubitKeys: 'qubit', angles: [] };
const GATES: Record<GateName, GateShape> = {
  I: ONE,
  X: ONE,
  Y: ONE,
  Z: ONE,
  H: ONE,
  S: ONE,
  T: ONE,
  RX: { qubitKeys: 'qubit', angles: ['theta'] },
  RY: { qubitKeys: 'qubit', angles: ['theta'] },
  RZ: { qubitKeys: 'qubit', angles: ['phi'] },
  U1: { qubitKeys: 'qubit', angles: ['phi'] },
  U2: { qubitKeys: 'qubit', angles: ['phi', 'gamma'] },
  U3: { qubitKeys: 'qubit', angles: ['theta', 'phi', 'gamma'] },
  CNOT: { qubitKeys: 'control-target', angles: [] },
  CZ: { qubitKeys: 'control-target', angles: [] },
  SWAP: { qubitKeys: 'pair', angles: [] },
};
const GATE_TAGS = [...Object.keys(GATES).map((g) => `!${g}`), '!M'];
/** Hard cap independent of devices: qubit masks are 31-bit integers. */
const MAX_CIRCUIT_QUBITS = 30;

export function readCircuit(ref: NodeRef, ctx: ParseContext, params: ParamTable | null): Circuit {
  const f = ref.mapping({ tags: ['!Circuit'], what: '!Circuit', required: ['nqubits', 'gates'] });
  const nRef = f.req('nqubits');
  const nqubits = nRef.integer('nqubits', 1, MAX_CIRCUIT_QUBITS);
  ctx.requireWidth(nRef, nqubits, '!Circuit', ctx.limits.maxQubits, 'maxQubits');
  const gates: Gate[] = [];
  const measuredAt = new Map<number, string>();
  for (const g of f.req('gates').items('gates')) {
    const tag = g.tag;
    if (!tag || !GATE_TAGS.includes(tag)) {
      throw g.error({
        subject: tag ? `gate ${tag}` : 'gate',
        problem: tag ? `unknown gate tag ${tag}` : `expected a tagged gate, found ${g.describe()}`,
        expected: `one of ${GATE_TAGS.join(' ')}`,
      });
    }
    if (tag === '!M') {
      readMeasurement(g, nqubits, measuredAt);
      continue;
    }
    const gate = readGate(g, tag.slice(1) as GateName, nqubits, params);
    for (const q of gate.qubits) {
      const at = measuredAt.get(q);
      if (at !== undefined) {
        g.fail({
          subject: `gate ${tag}`,
          problem: `qubit ${q} was already measured at ${at}`,
          hint: 'measurement is terminal in the simulator: move the !M after the last gate on that qubit',
        });
      }
    }
    gates.push(gate);
  }
  const measured =
    measuredAt.size > 0
      ? [...measuredAt.keys()].sort((a, b) => a - b)
      : Array.from({ length: nqubits }, (_, q) => q);
  return { nqubits, gates, measured, ref };
}

function readGate(g: NodeRef, name: GateName, nqubits: number, params: ParamTable | null): Gate {
  const shape = GATES[name];
  const what = `gate !${name}`;
  const keys =
    shape.qubitKeys === 'qubit'
      ? ['qubit']
      : shape.qubitKeys === 'pair'
        ? ['qubits']
        : ['control', 'target'];
  const f = g.mapping({ tags: [`!${name}`], what, required: [...keys, ...shape.angles] });
  const qubit = (key: string): number => readQubit(f.req(key), what, nqubits);
  let qubits: number[];
  if (shape.qubitKeys === 'qubit') {
    qubits = [qubit('qubit')];
  } else if (shape.qubitKeys === 'control-target') {
    qubits = [qubit('control'), qubit('target')];
    if (qubits[0] === qubits[1])
      g.fail({ subject: what, problem: 'control equals target', expected: 'two different qubits' });
  } else {
    const items = f.req('qubits').items(`${what} qubits`);
    if (items.length !== 2)
      f.req('qubits').fail({ subject: what, problem: `expected 2 qubits, found ${items.length}` });
    qubits = items.map((it) => readQubit(it, what, nqubits));
    if (qubits[0] === qubits[1])
      g.fail({
        subject: what,
        problem: 'both qubits are the same',
        expected: 'two different qubits',
      });
  }
  const angles = shape.angles.map((key) => readNum(f.req(key), `${what} ${key}`, params));
  return { name, qubits, angles, path: g.path };
}

function readMeasurement(g: NodeRef, nqubits: number, measuredAt: Map<number, string>): void {
  const f = g.mapping({ tags: ['!M'], what: 'gate !M', required: ['qubits'] });
  const items = f.req('qubits').items('gate !M qubits');
  if (items.length === 0)
    f.req('qubits').fail({ subject: 'gate !M', problem: 'no qubits to measure' });
  for (const item of items) {
    const q = readQubit(item, 'gate !M', nqubits);
    const at = measuredAt.get(q);
    if (at !== undefined)
      item.fail({ subject: 'gate !M', problem: `qubit ${q} is already measured at ${at}` });
    measuredAt.set(q, g.path);
  }
}

function readQubit(ref: NodeRef, what: string, nqubits: number): number {
  const q = ref.integer(`${what} qubit`, 0);
  if (q >= nqubits) {
    ref.fail({
      subject: what,
      problem: `qubit ${q} is outside the circuit (nqubits: ${nqubits})`,
      expected: `a qubit index from 0 to ${nqubits - 1}`,
    });
  }
  return q;
}
