import { isMap, isPair, isScalar } from 'yaml';
import type { VariantId } from '../../variants/declaration';
import type { Circuit, Gate, HardwareEfficientAnsatz, Measurement } from '../circuit-model';
import { checkNotMeasured, readWidth } from '../circuit-checks';
import { hardwareEfficientGates } from '../hardware-efficient';
import { islandText } from '../island';
import type { NodeRef } from '../node-reader';
import type { ParamTable } from '../numbers';
import type { ParseContext } from '../parse-context';
import { SkippedNode } from '../read-session';
import type { SdkGateReading } from './gates';
import { readSdkGate } from './gates';
import { hasDefaultBounds } from './parameter';
import { taggedScalar } from './values';

/*
 * The SDK's circuits: `!Circuit`, `!HardwareEfficientAnsatz`, and any other circuit class (the
 * SDK's `!QAOA`, a newer SDK's) kept as an island whose gates the simulator still runs.
 */

const CIRCUIT_KEYS: Readonly<Record<VariantId, readonly string[]>> = {
  B: ['_gates', '_init_state', '_nqubits', '_parameters'],
  A: [
    '_gates',
    '_init_state',
    '_nqubits',
    '_parameter_constraints',
    '_parameters',
    '_parameters_link',
    '_prefix',
  ],
};
const ANSATZ_KEYS = [
  '_connectivity',
  '_layers',
  '_one_qubit_gate',
  '_structure',
  '_two_qubit_gate',
];

const GATE_CLASS = /^qilisdk\.digital\.gates\.(\w+)$/;

/** A field of an SDK object the model does not otherwise read (an island's `_gates`). */
function rawField(ref: NodeRef, key: string): NodeRef | undefined {
  if (!isMap(ref.node)) return undefined;
  for (const pair of ref.node.items) {
    if (isPair(pair) && isScalar(pair.key) && pair.key.value === key)
      return ref.child(pair.value, `${ref.path}.${key}`);
  }
  return undefined;
}

/**
 * `prefix`: the `_prefix` the circuit is expected to carry (a reservoir layer's encodings carry
 * `input_encoding_` / `output_encoding_`, which the layer sets); any other prefix keeps the
 * circuit in the SDK's form.
 */
export function readSdkCircuit(
  ref: NodeRef,
  ctx: ParseContext,
  params: ParamTable | null,
  prefix = '',
): Circuit {
  const variant = ctx.variant;
  const table = params ?? ctx.params;
  const tag = ref.tag ?? '';
  const keep: string[] = [];
  let gatesRef: NodeRef;
  let nqubitsRef: NodeRef;
  let ansatz: Omit<HardwareEfficientAnsatz, 'kind' | 'generated'> | null = null;
  if (tag === '!Circuit' || tag === '!HardwareEfficientAnsatz') {
    const ansatzKeys = tag === '!Circuit' ? [] : ANSATZ_KEYS;
    const f = ref.mapping({
      tags: [tag],
      what: tag,
      required: [...CIRCUIT_KEYS[variant], ...ansatzKeys],
    });
    gatesRef = f.req('_gates');
    nqubitsRef = f.req('_nqubits');
    if (variant === 'A') {
      if (f.req('_parameter_constraints').items('_parameter_constraints').length > 0)
        keep.push('parameter constraints on the circuit');
      if (f.req('_prefix').scalarValue() !== prefix) keep.push('a parameter prefix');
    }
    if (tag === '!HardwareEfficientAnsatz') ansatz = readAnsatzFields(f.req('_layers'), f, ref);
  } else {
    const gates = rawField(ref, '_gates');
    const width = rawField(ref, '_nqubits');
    if (!gates || !width) {
      ref.checkTag('circuit');
      return ref.fail({
        subject: tag || 'circuit',
        problem: 'not a circuit the simulator can read (no _gates and _nqubits)',
      });
    }
    keep.push(`the SDK's ${tag.slice(1)} class, which the friendly form has no construct for`);
    gatesRef = gates;
    nqubitsRef = width;
  }
  const nqubits = readWidth(nqubitsRef, ctx, tag);
  const reading: SdkGateReading = { variant, nqubits, slots: [], keep };
  const gates: Gate[] = [];
  const measurements: Measurement[] = [];
  const measuredAt = new Map<number, string>();
  let complete = true;
  for (const g of gatesRef.items('_gates')) {
    const ok = g.attempt(() => {
      const read = readSdkGate(g, reading);
      if ('measure' in read) {
        for (const q of read.measure) {
          const at = measuredAt.get(q);
          if (at !== undefined)
            g.fail({ subject: 'gate !M', problem: `qubit ${q} is already measured at ${at}` });
          measuredAt.set(q, g.path);
        }
        measurements.push({ at: gates.length, qubits: read.measure, path: g.path });
      } else {
        checkNotMeasured(g, g.tag ?? 'gate', read.gate, measuredAt);
        gates.push(read.gate);
      }
      return true;
    });
    if (!ok) complete = false;
  }
  if (!complete) throw new SkippedNode();
  resolveAngles(reading, table);
  const measured =
    measuredAt.size > 0
      ? [...measuredAt.keys()].sort((a, b) => a - b)
      : Array.from({ length: nqubits }, (_, q) => q);
  const circuit: Circuit = { nqubits, gates, measured, measurements, ref };
  if (ansatz)
    circuit.ansatz = {
      ...ansatz,
      kind: 'hardwareEfficient',
      generated: hardwareEfficientGates(ansatz, nqubits, ref.path).length,
    };
  if (keep.length > 0)
    circuit.island = {
      kind: 'island',
      reason: [...new Set(keep)].join('; '),
      text: islandText(ref),
      ref,
    };
  return circuit;
}

function readAnsatzFields(
  layersRef: NodeRef,
  f: { req(key: string): NodeRef },
  ref: NodeRef,
): Omit<HardwareEfficientAnsatz, 'kind' | 'generated'> {
  const what = '!HardwareEfficientAnsatz';
  const gateClass = (key: string, allowed: readonly string[]) => {
    const r = f.req(key);
    const name = GATE_CLASS.exec(taggedScalar(r, ['!type'], key))?.[1];
    if (!name || !allowed.includes(name))
      r.fail({ subject: what, problem: `${key} must be one of ${allowed.join(', ')}` });
    return name;
  };
  const edgesRef = f.req('_connectivity');
  const connectivity = edgesRef.items('_connectivity').map((edge) => {
    const pair = edge.items('connectivity edge').map((q) => q.integer('qubit', 0));
    if (pair.length !== 2) edge.fail({ subject: what, problem: 'an edge is two qubits' });
    return [pair[0]!, pair[1]!] as [number, number];
  });
  const written = f.req('_structure').string('_structure');
  const structure =
    written === 'grouped' || written === 'interposed'
      ? written
      : f.req('_structure').fail({ subject: what, problem: `unknown structure "${written}"` });
  void ref;
  return {
    layers: layersRef.integer('_layers', 0),
    connectivity,
    structure,
    oneQubitGate: gateClass('_one_qubit_gate', ['U1', 'U2', 'U3']) as 'U1' | 'U2' | 'U3',
    twoQubitGate: gateClass('_two_qubit_gate', ['CZ', 'CNOT']) as 'CZ' | 'CNOT',
  };
}

/**
 * Every angle's Parameter becomes a number or a named parameter. In the SDK every angle is a
 * Parameter; one the SDK made from a plain number (labelled after its key, default bounds,
 * trainable, used by this gate alone) reads back as that number. Any other is a `!Parameter`,
 * one per label: two different Parameter objects under one label cannot be told apart by the
 * model, so the circuit then stays in the SDK's form.
 */
function resolveAngles(reading: SdkGateReading, table: ParamTable): void {
  const uses = new Map<unknown, number>();
  for (const s of reading.slots) uses.set(s.parameter.node, (uses.get(s.parameter.node) ?? 0) + 1);
  for (const slot of reading.slots) {
    const p = slot.parameter;
    const plain =
      p.label === slot.key &&
      p.domain === 'Real Domain' &&
      p.trainable &&
      hasDefaultBounds(p) &&
      uses.get(p.node) === 1;
    if (plain) {
      slot.gate.angles[slot.angle] = p.value.int
        ? { kind: 'const', value: p.value.value, int: true }
        : { kind: 'const', value: p.value.value };
      continue;
    }
    const earlier = table.get(p.label);
    const decl = {
      name: p.label,
      value: p.value,
      ...(hasDefaultBounds(p) ? {} : { bounds: p.bounds }),
      ...(p.domain === 'Real Domain' ? {} : { domain: p.domain }),
      ...(p.trainable ? {} : { trainable: false }),
      path: p.ref.path,
    };
    if (earlier && (earlier.value.value !== p.value.value || !!earlier.bounds !== !!decl.bounds)) {
      reading.keep.push(`two different Parameters labelled "${p.label}"`);
      slot.gate.angles[slot.angle] = { kind: 'const', value: p.value.value };
      continue;
    }
    slot.gate.angles[slot.angle] = table.add(decl, p.ref);
  }
}
