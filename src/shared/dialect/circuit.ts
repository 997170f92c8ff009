import { codeBearingTag } from '../yaml/code-tags';
import { GATE_TAGS, GATES, gateDecl, keysOf } from './declaration';
import type { GateName } from './declaration';
import { suggestTag } from './did-you-mean';
import { mappingSpec } from './mapping-spec';
import type { NodeRef } from './node-reader';
import { readNum } from './numbers';
import type { Num, ParamTable } from './numbers';
import type { ParseContext } from './parse-context';
import { need, SkippedNode } from './read-session';

export type { GateName } from './declaration';

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

/** Hard cap independent of devices: qubit masks are 31-bit integers. */
const MAX_CIRCUIT_QUBITS = 30;

export function readCircuit(ref: NodeRef, ctx: ParseContext, params: ParamTable | null): Circuit {
  const f = ref.mapping(mappingSpec(ctx.variant, '!Circuit'));
  // Without a readable nqubits the gates are still checked, only not against the width.
  const nqubits = ref.attempt(() => {
    const nRef = f.req('nqubits');
    const n = nRef.integer('nqubits', 1);
    if (n > MAX_CIRCUIT_QUBITS) {
      nRef.stop({
        subject: '!Circuit',
        code: 'dialect.limit',
        problem: `${n} qubits are more than the simulator can address (${MAX_CIRCUIT_QUBITS})`,
        hint: 'a real service may run wider circuits',
      });
    }
    ctx.requireWidth(nRef, n, '!Circuit', ctx.limits.maxQubits, 'maxQubits');
    return n;
  });
  const width = nqubits ?? Infinity;
  const gates: Gate[] = [];
  const measuredAt = new Map<number, string>();
  let complete = true;
  for (const g of f.req('gates').items('gates')) {
    const read = g.attempt(() => {
      const tag = g.tag;
      if (tag && codeBearingTag(tag) && g.session.mode === 'collect') throw new SkippedNode();
      if (!tag || !GATE_TAGS.includes(tag)) {
        // A likely spelling says more than the list of every gate.
        const hint = tag ? suggestTag(tag, GATE_TAGS) : undefined;
        throw g.error({
          subject: tag ? `gate ${tag}` : 'gate',
          code: 'dialect.unknown_gate',
          problem: tag
            ? `unknown gate tag ${tag}`
            : `expected a tagged gate, found ${g.describe()}`,
          ...(hint ? { hint } : { expected: `one of ${GATE_TAGS.join(' ')}` }),
        });
      }
      if (tag === '!M') {
        readMeasurement(g, width, measuredAt);
        return true;
      }
      const gate = readGate(g, tag.slice(1) as GateName, width, params);
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
      return true;
    });
    if (!read) complete = false;
  }
  // A circuit with an unreadable gate cannot answer what later checks ask of it.
  if (!complete || nqubits === undefined) throw new SkippedNode();
  const measured =
    measuredAt.size > 0
      ? [...measuredAt.keys()].sort((a, b) => a - b)
      : Array.from({ length: nqubits }, (_, q) => q);
  return { nqubits, gates, measured, ref };
}

function readGate(g: NodeRef, name: GateName, nqubits: number, params: ParamTable | null): Gate {
  const shape = GATES[name];
  const what = `gate !${name}`;
  const f = g.mapping({ tags: [`!${name}`], what, ...keysOf(gateDecl(name)) });
  // Each key is checked on its own, so a gate with two wrong qubits shows both.
  const qubit = (key: string) => g.attempt(() => readQubit(f.req(key), what, nqubits));
  let qubits: (number | undefined)[];
  if (shape.qubitKeys === 'qubit') {
    qubits = [qubit('qubit')];
  } else if (shape.qubitKeys === 'control-target') {
    qubits = [qubit('control'), qubit('target')];
    if (qubits[0] !== undefined && qubits[0] === qubits[1])
      g.fail({ subject: what, problem: 'control equals target', expected: 'two different qubits' });
  } else {
    const items = f.req('qubits').items(`${what} qubits`);
    if (items.length !== 2)
      f.req('qubits').fail({ subject: what, problem: `expected 2 qubits, found ${items.length}` });
    qubits = items.map((it) => g.attempt(() => readQubit(it, what, nqubits)));
    if (qubits[0] !== undefined && qubits[0] === qubits[1])
      g.fail({
        subject: what,
        problem: 'both qubits are the same',
        expected: 'two different qubits',
      });
  }
  const angles = shape.angles.map((key) =>
    g.attempt(() => readNum(f.req(key), `${what} ${key}`, params)),
  );
  return { name, qubits: qubits.map(need), angles: angles.map(need), path: g.path };
}

function readMeasurement(g: NodeRef, nqubits: number, measuredAt: Map<number, string>): void {
  const f = g.mapping({ tags: ['!M'], what: 'gate !M', required: ['qubits'] });
  const items = f.req('qubits').items('gate !M qubits');
  if (items.length === 0)
    f.req('qubits').fail({ subject: 'gate !M', problem: 'no qubits to measure' });
  let complete = true;
  for (const item of items) {
    const ok = item.attempt(() => {
      const q = readQubit(item, 'gate !M', nqubits);
      const at = measuredAt.get(q);
      if (at !== undefined)
        item.fail({ subject: 'gate !M', problem: `qubit ${q} is already measured at ${at}` });
      measuredAt.set(q, g.path);
      return true;
    });
    if (!ok) complete = false;
  }
  if (!complete) throw new SkippedNode();
}

function readQubit(ref: NodeRef, what: string, nqubits: number): number {
  const q = ref.integer(`${what} qubit`, 0);
  if (q >= nqubits) {
    ref.fail({
      subject: what,
      code: 'dialect.qubit_range',
      problem: `qubit ${q} is outside the circuit (nqubits: ${nqubits})`,
      expected: `a qubit index from 0 to ${nqubits - 1}`,
    });
  }
  return q;
}
