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
  MODIFIABLE_GATES,
  MODIFIER_TAGS,
} from './declaration';
import type { GateName, ModifierTag } from './declaration';
import { suggestTag } from './did-you-mean';
import { mappingSpec } from './mapping-spec';
import type { Fields, MappingSpec, NodeRef } from './node-reader';
import { readNum } from './numbers';
import { readCompactGate, readPlainGate } from './plain-gate';
import type { ParamTable } from './numbers';
import type { ParseContext } from './parse-context';
import { need, SkippedNode } from './read-session';
import type { Circuit, Gate, Measurement, UnreadGate } from './circuit-model';
import { hardwareEfficientGates } from './hardware-efficient';
import { isSdkForm } from './sdk-form/dispatch';
import { readSdkCircuit } from './sdk-form/circuit';
import { checkNotMeasured, readQubit, readWidth } from './circuit-checks';

export type { Circuit, Gate, GateName, Measurement } from './circuit-model';

export function readCircuit(ref: NodeRef, ctx: ParseContext, params: ParamTable | null): Circuit {
  const circuit = readAnyCircuit(ref, ctx, params);
  ctx.circuits.push({ circuit, unread: [] });
  return circuit;
}

function readAnyCircuit(ref: NodeRef, ctx: ParseContext, params: ParamTable | null): Circuit {
  if (isSdkForm(ref)) return readSdkCircuit(ref, ctx, params);
  ctx.refuseFriendly(ref, 'circuit');
  if (ref.tag === '!HardwareEfficientAnsatz') return readHardwareEfficientAnsatz(ref, ctx, params);
  const f = ref.mapping(mappingSpec(ctx.variant, '!Circuit'));
  // Without a readable nqubits the gates are still checked, only not against the width.
  const nqubits = ref.attempt(() => readWidth(f.req('nqubits'), ctx, '!Circuit'));
  const list = new GateList(nqubits ?? Infinity);
  const complete = list.read(f.req('gates'), params);
  // A circuit with an unreadable gate cannot answer what later checks ask of it; what was read
  // of it is kept for the circuit diagram, which marks the gates that were not.
  if (!complete || nqubits === undefined) {
    ctx.circuits.push({
      circuit: list.circuit(nqubits ?? list.widest(), ref),
      unread: list.unread,
    });
    throw new SkippedNode();
  }
  return list.circuit(nqubits, ref);
}

/** The gates of a circuit as they are read: where each !M stands, and what it measured. */
class GateList {
  readonly gates: Gate[] = [];
  readonly measuredAt = new Map<number, string>();
  readonly measurements: Measurement[] = [];
  readonly unread: UnreadGate[] = [];

  constructor(readonly width: number) {}

  /** The width the gates read so far need (for a circuit whose nqubits could not be read). */
  widest(): number {
    let widest = 0;
    for (const g of this.gates)
      for (const q of [...g.qubits, ...(g.controls ?? [])]) widest = Math.max(widest, q + 1);
    return widest;
  }

  /** Reads every gate of `listRef` into the list; false when any could not be read. */
  read(listRef: NodeRef, params: ParamTable | null): boolean {
    let complete = true;
    for (const g of gateRefs(listRef, this.width, this.measuredAt, this.gates)) {
      const read = g.attempt(() => {
        const tag = gateTag(g, GATE_TAGS);
        if (tag === '!M') {
          this.measurements.push(
            readMeasurement(g, this.width, this.measuredAt, this.gates.length),
          );
          return true;
        }
        const gate = readAnyGate(g, tag, this.width, params);
        checkNotMeasured(g, tag, gate, this.measuredAt);
        this.gates.push(gate);
        return true;
      });
      if (!read) {
        complete = false;
        this.unread.push({ at: this.gates.length, path: g.path, ...(g.tag ? { tag: g.tag } : {}) });
      }
    }
    return complete;
  }

  circuit(nqubits: number, ref: NodeRef): Circuit {
    const measured =
      this.measuredAt.size > 0
        ? [...this.measuredAt.keys()].sort((a, b) => a - b)
        : Array.from({ length: nqubits }, (_, q) => q);
    return { nqubits, gates: this.gates, measured, measurements: this.measurements, ref };
  }
}

const CONNECTIVITIES = ['linear', 'circular', 'full'] as const;

/**
 * `!HardwareEfficientAnsatz {nqubits, layers?, connectivity?, structure?, one_qubit_gate?,
 * two_qubit_gate?, added_gates?}`: the SDK's ansatz with its defaults (1, linear, grouped, U1,
 * CZ); its gates generated as the SDK generates them, then `added_gates` as written.
 */
function readHardwareEfficientAnsatz(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
): Circuit {
  const what = '!HardwareEfficientAnsatz';
  const f = ref.mapping(mappingSpec(ctx.variant, what));
  const nqubits = readWidth(f.req('nqubits'), ctx, what);
  const layers = f.get('layers')?.integer('layers', 0) ?? 1;
  const connectivity = ref.attempt(() => {
    const cRef = f.get('connectivity');
    if (!cRef) return 'linear' as const;
    if (cRef.isSequence()) {
      return cRef.items('connectivity').map((edge) => {
        const pair = edge.items('connectivity edge');
        if (pair.length !== 2)
          edge.fail({ subject: what, problem: `an edge is two qubits, found ${pair.length}` });
        const [a, b] = pair.map((q) => readQubit(q, what, nqubits)) as [number, number];
        if (a === b) edge.fail({ subject: what, problem: `self-edge (${a}, ${b}) is not allowed` });
        return [a, b] as [number, number];
      });
    }
    const name = cRef.string('connectivity').toLowerCase();
    const known = CONNECTIVITIES.find((c) => c === name);
    if (!known)
      cRef.fail({
        subject: what,
        problem: `unknown connectivity "${name}"`,
        expected: 'linear, circular, full or a list of [a, b] edges',
      });
    return known;
  });
  const choose = <T extends string>(
    key: string,
    values: readonly T[],
    fallback: T,
  ): T | undefined =>
    ref.attempt(() => {
      const vRef = f.get(key);
      if (!vRef) return fallback;
      const written = vRef.string(key);
      const value = values.find((v) => v.toLowerCase() === written.toLowerCase());
      if (!value)
        vRef.fail({
          subject: what,
          problem: `unknown ${key} "${written}"`,
          expected: values.join(' or '),
        });
      return value;
    });
  const structure = choose('structure', ['grouped', 'interposed'] as const, 'grouped');
  const oneQubitGate = choose('one_qubit_gate', ['U1', 'U2', 'U3'] as const, 'U1');
  const twoQubitGate = choose('two_qubit_gate', ['CZ', 'CNOT'] as const, 'CZ');
  const spec = {
    layers,
    connectivity: need(connectivity),
    structure: need(structure),
    oneQubitGate: need(oneQubitGate),
    twoQubitGate: need(twoQubitGate),
  };
  const list = new GateList(nqubits);
  list.gates.push(...hardwareEfficientGates(spec, nqubits, ref.path));
  const generated = list.gates.length;
  const added = f.get('added_gates');
  if (added && !list.read(added, params)) throw new SkippedNode();
  return {
    ...list.circuit(nqubits, ref),
    ansatz: { kind: 'hardwareEfficient', ...spec, generated },
  };
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
  if (tag === CONTROLLED_TAG) return readControlled(g, nqubits, params);
  if (tag in MODIFIER_TAGS) return readModified(g, tag as ModifierTag, nqubits, params);
  return readGate(g, tag.slice(1) as GateName, nqubits, params);
}

const MODIFIABLE_TAGS = MODIFIABLE_GATES.map((name) => `!${name}`);

/**
 * `!Adjoint {basic_gate}` / `!Exponential {basic_gate}`: the SDK's wrappers of one basic gate
 * (no controls of its own, not wrapped again), whose matrix they transform.
 */
function readModified(
  g: NodeRef,
  tag: ModifierTag,
  nqubits: number,
  params: ParamTable | null,
): Gate {
  const what = `gate ${tag}`;
  const f = g.mapping({ tags: [tag], what, required: ['basic_gate'] });
  const inner = f.req('basic_gate');
  const innerTag = inner.tag ?? '';
  if (!MODIFIABLE_TAGS.includes(innerTag)) {
    inner.checkTag(what);
    inner.fail({
      subject: what,
      problem:
        innerTag !== ''
          ? `${tag} cannot wrap ${innerTag}`
          : `expected a tagged gate, found ${inner.describe()}`,
      expected: `one of ${MODIFIABLE_TAGS.join(' ')}`,
      hint:
        innerTag === CONTROLLED_TAG || (innerTag && innerTag.slice(1) in GATES)
          ? `the SDK wraps a basic gate only; put the ${tag} inside the !Controlled instead`
          : undefined,
    });
  }
  const gate = readGate(inner, innerTag.slice(1) as GateName, nqubits, params);
  return { ...gate, modifier: MODIFIER_TAGS[tag], path: g.path };
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

function readMeasurement(
  g: NodeRef,
  nqubits: number,
  measuredAt: Map<number, string>,
  at: number,
): Measurement {
  const f = g.mapping({ tags: ['!M'], what: 'gate !M', required: ['qubits'] });
  const items = f.req('qubits').items('gate !M qubits');
  if (items.length === 0)
    f.req('qubits').fail({ subject: 'gate !M', problem: 'no qubits to measure' });
  let complete = true;
  const qubits: number[] = [];
  for (const item of items) {
    const ok = item.attempt(() => {
      const q = readQubit(item, 'gate !M', nqubits);
      qubits.push(q);
      const at = measuredAt.get(q);
      if (at !== undefined)
        item.fail({ subject: 'gate !M', problem: `qubit ${q} is already measured at ${at}` });
      measuredAt.set(q, g.path);
      return true;
    });
    if (!ok) complete = false;
  }
  if (!complete) throw new SkippedNode();
  return { at, qubits, path: g.path };
}
