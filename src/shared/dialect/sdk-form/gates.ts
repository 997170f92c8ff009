import type { VariantId } from '../../variants/declaration';
import type { Gate } from '../circuit-model';
import { readQubit } from '../circuit-checks';
import { GATES, MODIFIABLE_GATES, MODIFIER_TAGS } from '../declaration';
import type { GateName, ModifierTag } from '../declaration';
import type { NodeRef } from '../node-reader';
import type { SdkParameter } from './parameter';
import { isReservoirInput, PARAMETER_TAG, readSdkParameter } from './parameter';
import { evaluateTerm } from './terms';
import { isEmptyDict, isEmptyList } from './values';

/*
 * The SDK's gates as its serializer writes them (test/fixtures/sdk/README.md): each class's
 * attributes per version. Derived state (a 0.1.x `_matrix`, a 0.2.x wrapper's linked
 * `_parameters`) is not read: recompiling the model makes it again, and decompile's check finds
 * where it differs.
 */

type GateClass = 'basic' | 'controlled' | 'modified' | 'measure';

const KEYS: Readonly<Record<VariantId, Readonly<Record<GateClass, readonly string[]>>>> = {
  B: {
    basic: ['_matrix', '_parameters', '_target_qubits'],
    controlled: ['_basic_gate', '_control_qubits', '_matrix'],
    modified: ['_basic_gate', '_matrix'],
    measure: ['_target_qubits'],
  },
  A: {
    basic: [
      '_parameter_constraints',
      '_parameter_transforms',
      '_parameters',
      '_prefix',
      '_target_qubits',
    ],
    controlled: [
      '_basic_gate',
      '_control_qubits',
      '_parameter_constraints',
      '_parameters',
      '_prefix',
    ],
    modified: ['_basic_gate', '_parameter_constraints', '_parameters', '_prefix'],
    measure: ['_parameter_constraints', '_parameters', '_prefix', '_target_qubits'],
  },
};

/** Where a Parameter object stands in the gates read (resolved to a Num once all are read). */
export interface AngleSlot {
  gate: Gate;
  angle: number;
  key: string;
  parameter: SdkParameter;
}

/** What reading a circuit's gates collects besides the gates. */
export interface SdkGateReading {
  readonly variant: VariantId;
  readonly nqubits: number;
  readonly slots: AngleSlot[];
  /** Why the model cannot hold the circuit (it then stays in the SDK's form). */
  readonly keep: string[];
}

const BASIC_TAGS = new Set(MODIFIABLE_GATES.map((g) => `!${g}`));

export type SdkGateOrMeasure = { gate: Gate } | { measure: number[] };

export function readSdkGate(g: NodeRef, reading: SdkGateReading): SdkGateOrMeasure {
  const tag = g.tag ?? '';
  if (tag === '!M') {
    const f = g.mapping({ tags: ['!M'], what: 'gate !M', required: KEYS[reading.variant].measure });
    checkBookkeeping(g, f.get('_parameter_constraints'), f.get('_prefix'), reading);
    return { measure: qubitTuple(f.req('_target_qubits'), 'gate !M', reading.nqubits) };
  }
  return { gate: readAnyGate(g, reading) };
}

function readAnyGate(g: NodeRef, reading: SdkGateReading): Gate {
  const tag = g.tag ?? '';
  if (BASIC_TAGS.has(tag)) return readBasic(g, tag.slice(1) as GateName, reading);
  if (tag === '!Controlled' || tag === '!CNOT' || tag === '!CZ')
    return readControlled(g, tag, reading);
  if (tag in MODIFIER_TAGS) return readModified(g, tag as ModifierTag, reading);
  g.checkTag('gate');
  return g.fail({
    subject: tag ? `gate ${tag}` : 'gate',
    code: 'dialect.unknown_gate',
    problem: tag
      ? `${tag} is not one of the SDK's gates`
      : `expected a tagged gate, found ${g.describe()}`,
  });
}

/** A `!tuple` of qubits inside the circuit, each checked where it stands. */
function qubitTuple(ref: NodeRef, what: string, nqubits: number): number[] {
  if (ref.tag !== '!tuple')
    ref.fail({ subject: what, problem: `expected a !tuple of qubits, found ${ref.describe()}` });
  return ref.items(what).map((item) => readQubit(item, what, nqubits));
}

/** 0.2.x bookkeeping the model keeps only in its fresh state (no constraints, no prefix). */
function checkBookkeeping(
  g: NodeRef,
  constraints: NodeRef | undefined,
  prefix: NodeRef | undefined,
  reading: SdkGateReading,
): void {
  if (constraints && !isEmptyList(constraints))
    reading.keep.push('parameter constraints on a gate');
  if (prefix && prefix.scalarValue() !== '') reading.keep.push('a parameter prefix on a gate');
}

function readBasic(g: NodeRef, name: GateName, reading: SdkGateReading): Gate {
  const what = `gate !${name}`;
  const f = g.mapping({ tags: [`!${name}`], what, required: KEYS[reading.variant].basic });
  checkBookkeeping(g, f.get('_parameter_constraints'), f.get('_prefix'), reading);
  const qubits = qubitTuple(f.req('_target_qubits'), what, reading.nqubits);
  const expected = name === 'SWAP' ? 2 : 1;
  if (qubits.length !== expected)
    f.req('_target_qubits').fail({
      subject: what,
      problem: `expected ${expected} target qubit(s), found ${qubits.length}`,
    });
  if (name === 'SWAP' && qubits[0] === qubits[1])
    g.fail({
      subject: what,
      problem: 'both qubits are the same',
      expected: 'two different qubits',
    });
  const keys = GATES[name].angles;
  const gate: Gate = { name, qubits, angles: [], path: g.path };
  const parameters = f.req('_parameters');
  const transforms = f.get('_parameter_transforms');
  if (transforms && !isEmptyDict(transforms)) {
    // Angles that are Terms of Parameters (the SDK's QAOA): evaluated at the Parameters'
    // values; the circuit stays in the SDK's form.
    reading.keep.push('angles given as Terms of Parameters (_parameter_transforms)');
    const terms = new Map(transforms.entries('_parameter_transforms').map((e) => [e.key, e.value]));
    gate.angles = keys.map((key) => {
      const term = terms.get(key);
      if (!term) return g.fail({ subject: what, problem: `no transform for its angle "${key}"` });
      return { kind: 'const', value: evaluateTerm(term, reading.variant) };
    });
    return gate;
  }
  const entries = parameters.entries('_parameters');
  const byKey = new Map(entries.map((e) => [e.key, e.value]));
  for (const e of entries)
    if (!keys.includes(e.key))
      e.value.fail({
        subject: what,
        problem: `"${e.key}" is not a parameter of ${name}`,
        expected: keys.join(', ') || 'none',
      });
  gate.angles = keys.map((key, angle) => {
    const ref = byKey.get(key);
    if (!ref) return g.fail({ subject: what, problem: `missing parameter "${key}"` });
    if (ref.tag !== PARAMETER_TAG[reading.variant] && !isReservoirInput(ref, reading.variant))
      ref.fail({
        subject: what,
        problem: `expected a ${PARAMETER_TAG[reading.variant]}, found ${ref.describe()}`,
      });
    reading.slots.push({ gate, angle, key, parameter: readSdkParameter(ref, reading.variant) });
    // Filled in once every gate is read (sdk-form/circuit.ts).
    return { kind: 'const', value: 0 };
  });
  return gate;
}

function readControlled(g: NodeRef, tag: string, reading: SdkGateReading): Gate {
  const what = `gate ${tag}`;
  const f = g.mapping({ tags: [tag], what, required: KEYS[reading.variant].controlled });
  checkBookkeeping(g, f.get('_parameter_constraints'), f.get('_prefix'), reading);
  const controlsRef = f.req('_control_qubits');
  const controls = qubitTuple(controlsRef, what, reading.nqubits);
  if (controls.length === 0) controlsRef.fail({ subject: what, problem: 'no control qubits' });
  const inner = readAnyGate(f.req('_basic_gate'), reading);
  if (tag !== '!Controlled') {
    const base = tag === '!CNOT' ? 'X' : 'Z';
    if (inner.name !== base || inner.controls || inner.modifier || controls.length !== 1)
      g.fail({ subject: what, problem: `expected one control and a !${base} inside` });
    return {
      name: tag.slice(1) as GateName,
      qubits: [controls[0]!, inner.qubits[0]!],
      angles: [],
      path: g.path,
    };
  }
  if (inner.controls || GATES[inner.name].qubitKeys === 'control-target')
    reading.keep.push('a Controlled around a gate with controls of its own');
  const all = [...controls, ...(inner.controls ?? [])];
  const clash = all.find((q, i) => all.indexOf(q) !== i || inner.qubits.includes(q));
  if (clash !== undefined)
    g.fail({ subject: what, problem: `qubit ${clash} is a control twice or also a target` });
  return { ...inner, controls: all, path: g.path };
}

function readModified(g: NodeRef, tag: ModifierTag, reading: SdkGateReading): Gate {
  const what = `gate ${tag}`;
  const f = g.mapping({ tags: [tag], what, required: KEYS[reading.variant].modified });
  checkBookkeeping(g, f.get('_parameter_constraints'), f.get('_prefix'), reading);
  const innerRef = f.req('_basic_gate');
  if (!BASIC_TAGS.has(innerRef.tag ?? '')) {
    reading.keep.push(`${tag} around ${innerRef.tag ?? 'something'} (not a basic gate)`);
    const inner = readAnyGate(innerRef, reading);
    return { ...inner, path: g.path };
  }
  const inner = readBasic(innerRef, (innerRef.tag ?? '').slice(1) as GateName, reading);
  return { ...inner, modifier: MODIFIER_TAGS[tag], path: g.path };
}
