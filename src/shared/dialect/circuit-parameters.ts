import type { VariantId } from '../variants/declaration';
import type { Circuit, Gate } from './circuit-model';
import { GATES } from './declaration';
import type { GateName } from './declaration';
import type { ParamTable } from './numbers';

/*
 * A circuit's parameters as the SDK lists them (`Circuit.add`): every angle is a Parameter (a
 * plain number too), listed under a label, and a variational program optimises them all (in
 * Variant A the trainable ones). This is what the simulator's optimiser moves, and the builders
 * (src/shared/sdk) name `_parameters` with the same function.
 */

/** What the SDK's `Controlled` is built around for each two-qubit gate of the friendly dialect. */
export const CONTROLLED_BASE: Partial<Record<GateName, GateName>> = {
  CNOT: 'X',
  CZ: 'Z',
  CRX: 'RX',
  CRY: 'RY',
  CRZ: 'RZ',
  CU1: 'U1',
};

/** The SDK gate a model gate compiles to: its class's name and qubits (controls first). */
export interface SdkGateShape {
  /** `gate.name`: `RX`, `CNOT`, `CRX` (a Controlled RX), `RX†`, `e^RX`, `CCX`. */
  name: string;
  qubits: number[];
  /** The class's `PARAMETER_NAMES`: a basic gate's angle keys; none for a wrapper class. */
  parameterNames: readonly string[];
}

export function sdkGateShape(gate: Gate): SdkGateShape {
  const base = CONTROLLED_BASE[gate.name];
  const twoQubitControl = GATES[gate.name].qubitKeys === 'control-target';
  const ownControls = twoQubitControl ? [gate.qubits[0]!] : [];
  const targets = twoQubitControl ? [gate.qubits[1]!] : gate.qubits;
  const inner = (base ?? gate.name) as string;
  const innerName =
    gate.modifier === 'adjoint'
      ? `${inner}†`
      : gate.modifier === 'exponential'
        ? `e^${inner}`
        : inner;
  const controls = [...(gate.controls ?? []), ...ownControls];
  // CNOT and CZ are classes of their own; every other gate with controls is a Controlled.
  if (!gate.controls && (gate.name === 'CNOT' || gate.name === 'CZ'))
    return { name: gate.name, qubits: gate.qubits, parameterNames: [] };
  if (controls.length > 0)
    return {
      name: 'C'.repeat(controls.length) + innerName,
      qubits: [...controls, ...targets],
      parameterNames: [],
    };
  return {
    name: innerName,
    qubits: targets,
    parameterNames: gate.modifier ? [] : GATES[gate.name].angles,
  };
}

/**
 * The label `Circuit.add` gives one of a gate's parameters. qilisdk 0.1.x: a Parameter labelled
 * like its key (`theta` on `theta`: every plain number) becomes `RX(0)_theta_<count>`, `count`
 * being how many parameters the circuit lists already; 0.2.x does so only on a gate class that
 * names that key itself (not a Controlled, Adjoint or Exponential around it).
 */
export function sdkParameterLabel(
  variant: VariantId,
  shape: SdkGateShape,
  key: string,
  parameterLabel: string,
  count: number,
): string {
  const renamed = key === parameterLabel && (variant === 'B' || shape.parameterNames.includes(key));
  return renamed ? `${shape.name}(${shape.qubits.join(',')})_${key}_${count}` : parameterLabel;
}

export interface CircuitParameter {
  label: string;
  /** The angles it sets (gate index, angle index). */
  links: Array<{ gate: number; angle: number }>;
  /** The value the SDK starts from: the last Parameter listed under the label. */
  value: number;
  lower: number;
  upper: number;
  /** Variant A: false for a `trainable: false` parameter; always true in Variant B. */
  trainable: boolean;
}

/**
 * Every parameter of a circuit under its SDK label, in the order the SDK lists them. Two angles
 * share a label when they share a Parameter, or (0.2.x) when two wrapped gates' plain numbers
 * have the same key: the SDK then sets both through the label, as this does.
 */
export function circuitParameters(
  variant: VariantId,
  circuit: Circuit,
  params: ParamTable,
): CircuitParameter[] {
  const out: CircuitParameter[] = [];
  const byLabel = new Map<string, CircuitParameter>();
  circuit.gates.forEach((gate, g) => {
    if (gate.angles.length === 0) return;
    const shape = sdkGateShape(gate);
    const keys = GATES[CONTROLLED_BASE[gate.name] ?? gate.name].angles;
    gate.angles.forEach((num, a) => {
      const key = keys[a]!;
      const decl = num.kind === 'param' ? params.get(num.name) : undefined;
      const label = sdkParameterLabel(variant, shape, key, decl ? decl.name : key, byLabel.size);
      const value = num.kind === 'const' ? num.value : (decl?.value.value ?? 0);
      const lower = decl?.bounds?.[0].value ?? -1e30;
      const upper = decl?.bounds?.[1].value ?? 1e30;
      const trainable = variant === 'B' || decl?.trainable !== false;
      const existing = byLabel.get(label);
      if (existing) {
        existing.links.push({ gate: g, angle: a });
        Object.assign(existing, { value, lower, upper, trainable });
      } else {
        const entry = { label, links: [{ gate: g, angle: a }], value, lower, upper, trainable };
        byLabel.set(label, entry);
        out.push(entry);
      }
    });
  });
  return out;
}

/** The circuit with its parameters set to `values` (by label); other angles as they are. */
export function bindCircuitParameters(
  circuit: Circuit,
  parameters: readonly CircuitParameter[],
  values: ReadonlyMap<string, number>,
): Circuit {
  const gates = circuit.gates.map((g) => ({ ...g, angles: [...g.angles] }));
  for (const p of parameters) {
    const v = values.get(p.label);
    if (v === undefined) continue;
    for (const { gate, angle } of p.links) gates[gate]!.angles[angle] = { kind: 'const', value: v };
  }
  return { ...circuit, gates };
}
