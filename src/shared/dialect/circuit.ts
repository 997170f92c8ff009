import { isNode, isSeq } from 'yaml';
import { codeBearingTag } from '../yaml/code-tags';
import { compactItemsOf } from '../yaml/compact-items';
import {
  CONTROLLABLE_TAGS,
  CONTROLLED_DECL,
  CONTROLLED_TAG,
  GATE_TAGS,
  GATES,
  gateDecl,
  keysOf,
} from './declaration';
import type { GateName } from './declaration';
import { suggestTag } from './did-you-mean';
import { mappingSpec } from './mapping-spec';
import type { Fields, MappingSpec, NodeRef } from './node-reader';
import { readNum } from './numbers';
import { readCompactGate, readPlainGate } from './plain-gate';
import type { Num, ParamTable } from './numbers';
import type { ParseContext } from './parse-context';
import { need, SkippedNode } from './read-session';

export type { GateName } from './declaration';

export interface Gate {
  name: GateName;
  /** Single-qubit gates: [qubit]; CNOT, CZ, CRX…CU1: [control, target]; SWAP: [a, b]. */
  qubits: number[];
  /** In the order of the gate's angle keys (U3: theta, phi, gamma). */
  angles: Num[];
  /**
   * `!Controlled`'s control qubits (the gate acts only where every one is 1), besides any
   * control the gate has itself; absent for a plain gate.
   */
  controls?: number[];
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
  for (const g of gateRefs(f.req('gates'), width, measuredAt, gates)) {
    const read = g.attempt(() => {
      const tag = gateTag(g, GATE_TAGS);
      if (tag === '!M') {
        readMeasurement(g, width, measuredAt);
        return true;
      }
      const gate = readAnyGate(g, tag, width, params);
      if (measuredAt.size > 0) {
        for (const q of [...(gate.controls ?? []), ...gate.qubits]) {
          const at = measuredAt.get(q);
          if (at !== undefined) {
            g.fail({
              subject: `gate ${tag}`,
              problem: `qubit ${q} was already measured at ${at}`,
              hint: 'measurement is terminal in the simulator: move the !M after the last gate on that qubit',
            });
          }
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

/**
 * The gate list's items, each plain gate read on the way (`plain-gate.ts`) and added to `gates`
 * in its place; the references yielded are the items the general reader must read. Once a qubit
 * is measured, every gate goes to the general reader, which checks it against the measurement.
 */
function* gateRefs(
  list: NodeRef,
  width: number,
  measuredAt: ReadonlyMap<number, string>,
  gates: Gate[],
): Generator<NodeRef> {
  if (list.tag || !isSeq(list.node)) {
    yield* list.items('gates');
    return;
  }
  // A list read compactly (compact-items.ts): plain gates from their numbers, no node made.
  const compact = compactItemsOf(list.node);
  const count = compact ? compact.length : list.node.items.length;
  for (let i = 0; i < count; i++) {
    const path = `${list.path}[${i}]`;
    const item = compact ? null : list.node.items[i];
    const plain =
      measuredAt.size > 0
        ? null
        : compact
          ? readCompactGate(compact, i, path, width)
          : readPlainGate(isNode(item) ? item : null, path, width);
    if (plain) gates.push(plain);
    else yield list.child(compact ? compact.node(i) : item, path);
  }
}

/** The node's tag when it is one of `allowed`, else an unknown-gate error with the likeliest fix. */
function gateTag(g: NodeRef, allowed: readonly string[]): string {
  const tag = g.tag;
  if (tag && codeBearingTag(tag) && g.session.mode === 'collect') throw new SkippedNode();
  if (tag && allowed.includes(tag)) return tag;
  if (tag === '!M') {
    throw g.error({
      subject: 'gate !M',
      problem: 'a measurement cannot be controlled',
      hint: "put the !M in the circuit's gate list, after the last gate on its qubits",
    });
  }
  // A likely spelling says more than the list of every gate.
  const hint = tag ? (controlledHint(tag) ?? suggestTag(tag, allowed)) : undefined;
  throw g.error({
    subject: tag ? `gate ${tag}` : 'gate',
    code: 'dialect.unknown_gate',
    problem: tag ? `unknown gate tag ${tag}` : `expected a tagged gate, found ${g.describe()}`,
    ...(hint ? { hint } : { expected: `one of ${allowed.join(' ')}` }),
  });
}

/**
 * How to write a controlled gate the dialect has no tag for (`!CCX`, `!CSWAP`, `!CH`,
 * `!Toffoli`, `!CPhase`), or undefined when the tag does not look like one.
 */
function controlledHint(tag: string): string | undefined {
  const name = tag.slice(1).toUpperCase();
  // `!Cnot` is a misspelt !CNOT (did-you-mean says so), not a controlled NOT.
  if (name in GATES) return undefined;
  if (name === 'CPHASE' || name === 'CP')
    return 'a controlled phase is !CU1 {control, target, phi}';
  const base =
    name === 'TOFFOLI'
      ? 'X'
      : name === 'FREDKIN'
        ? 'SWAP'
        : name.replace(/^C+/, '').replace(/^NOT$/, 'X');
  if (base === name || !(base in GATES)) return undefined;
  const inner = GATES[base as GateName].qubitKeys === 'pair' ? 'qubits: [..]' : 'qubit: ..';
  return `a gate under controls is written !Controlled {control_qubits: [..], basic_gate: !${base} {${inner}}}`;
}

function readAnyGate(g: NodeRef, tag: string, nqubits: number, params: ParamTable | null): Gate {
  return tag === CONTROLLED_TAG
    ? readControlled(g, nqubits, params)
    : readGate(g, tag.slice(1) as GateName, nqubits, params);
}

/**
 * `!Controlled {control_qubits: [..], basic_gate: <gate>}`: the gate with these controls added
 * to its own (a controlled `!CNOT` is a Toffoli; a `!Controlled` inside one adds its controls).
 */
function readControlled(g: NodeRef, nqubits: number, params: ParamTable | null): Gate {
  const what = `gate ${CONTROLLED_TAG}`;
  const f = g.mapping({ tags: [CONTROLLED_TAG], what, ...keysOf(CONTROLLED_DECL) });
  const controls = g.attempt(() => {
    const list = f.req('control_qubits');
    const items = list.items(`${what} control_qubits`);
    if (items.length === 0) list.fail({ subject: what, problem: 'no control qubits' });
    const qubits = items.map((it) => g.attempt(() => readQubit(it, what, nqubits))).map(need);
    const twice = qubits.find((q, i) => qubits.indexOf(q) !== i);
    if (twice !== undefined)
      list.fail({ subject: what, problem: `control qubit ${twice} is listed twice` });
    return qubits;
  });
  const inner = need(
    g.attempt(() => {
      const ref = f.req('basic_gate');
      return readAnyGate(ref, gateTag(ref, CONTROLLABLE_TAGS), nqubits, params);
    }),
  );
  const all = [...need(controls), ...(inner.controls ?? [])];
  const clash = all.find((q, i) => all.indexOf(q) !== i || inner.qubits.includes(q));
  if (clash !== undefined) {
    g.fail({
      subject: what,
      problem: `qubit ${clash} is a control and ${inner.qubits.includes(clash) ? 'a qubit the gate acts on' : 'a control of the inner gate'}`,
      expected: "control qubits other than the gate's own qubits",
    });
  }
  return { ...inner, controls: all, path: g.path };
}

const gateSpecs = new Map<GateName, MappingSpec>();

/** What a gate's mapping must hold; built once per gate name (a circuit can have 200k gates). */
function gateSpec(name: GateName): MappingSpec {
  let spec = gateSpecs.get(name);
  if (!spec) {
    spec = { tags: [`!${name}`], what: `gate !${name}`, ...keysOf(gateDecl(name)) };
    gateSpecs.set(name, spec);
  }
  return spec;
}

/** The qubit under `key`, or undefined (reported) when it cannot be read. */
function qubitAt(
  g: NodeRef,
  f: Fields,
  key: string,
  what: string,
  nqubits: number,
): number | undefined {
  return g.attempt(() => readQubit(f.req(key), what, nqubits));
}

function readGate(g: NodeRef, name: GateName, nqubits: number, params: ParamTable | null): Gate {
  const shape = GATES[name];
  const spec = gateSpec(name);
  const what = spec.what;
  const f = g.mapping(spec);
  // Each key is checked on its own, so a gate with two wrong qubits shows both.
  let qubits: (number | undefined)[];
  if (shape.qubitKeys === 'qubit') {
    qubits = [qubitAt(g, f, 'qubit', what, nqubits)];
  } else if (shape.qubitKeys === 'control-target') {
    qubits = [qubitAt(g, f, 'control', what, nqubits), qubitAt(g, f, 'target', what, nqubits)];
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
