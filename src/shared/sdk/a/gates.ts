import type { SdkMap } from '../node';
import { pyDict, intTuple } from '../python/values';
import type { PyNumber } from '../python/values';
import { dictSet } from '../python/values';
import type { ParameterA } from './parameter';
import { parameterA } from './parameter';
import { ParameterizableA } from './parameterizable';

/*
 * qilisdk 0.2.x gates (`qilisdk/digital/gates.py` at main; 0.2.1.post1 builds them alike): a
 * gate is `Parameterizable` (`_parameters`, `_parameter_constraints`, `_prefix`); `BasicGate`
 * adds `_target_qubits`, its own `_parameters` dict and `_parameter_transforms`; a wrapper
 * (`Controlled`, `Adjoint`, `Exponential`) adds `_basic_gate` and links its basic gate's
 * parameters into its own `_parameters`; `Controlled` adds `_control_qubits`. No matrix is
 * serialized (it is a cached property).
 */

export interface GateA {
  readonly node: SdkMap;
  /** `gate.name`: `RX`, `CNOT`, `CCX`, `RX†`, `e^RX`, `M`. */
  readonly name: string;
  readonly controlQubits: readonly number[];
  readonly targetQubits: readonly number[];
  /** `gate._parameters` in its dict's order (what `Circuit.add` lists). */
  readonly parameters: ReadonlyArray<readonly [string, ParameterA]>;
  /** The class's `PARAMETER_NAMES` (empty for the wrappers and gates without angles). */
  readonly parameterNames: readonly string[];
  /** For a `Controlled` (and CNOT, CZ): the gate inside, which a new `Controlled` flattens. */
  readonly basicGate?: GateA;
}

export type AngleA = PyNumber | ParameterA;

const asParameter = (key: string, angle: AngleA): ParameterA =>
  typeof angle === 'object' ? angle : parameterA(key, angle);

function basicGate(
  tag: string,
  targets: readonly number[],
  parameters: ReadonlyArray<readonly [string, ParameterA]>,
  parameterNames: readonly string[],
): GateA {
  const p = new ParameterizableA(tag);
  const own = pyDict(parameters.map(([k, v]) => [k, v.node] as const));
  p.object
    .set('_target_qubits', intTuple(targets))
    .set('_parameters', own)
    .set('_parameter_transforms', pyDict());
  return {
    node: p.node,
    name: tag.slice(1),
    controlQubits: [],
    targetQubits: targets,
    parameters,
    parameterNames,
  };
}

/** `I(q)` … `T(q)`, and `SWAP(a, b)`: no parameters. */
export function fixedGateA(name: 'I' | 'X' | 'Y' | 'Z' | 'H' | 'S' | 'T', qubit: number): GateA {
  return basicGate(`!${name}`, [qubit], [], []);
}

export function swapA(a: number, b: number): GateA {
  return basicGate('!SWAP', [a, b], [], []);
}

/** A rotation or U gate: `RX(q, theta=…)`, `U3(q, theta=…, phi=…, gamma=…)`. */
export function rotationA(
  name: 'RX' | 'RY' | 'RZ' | 'U1' | 'U2' | 'U3',
  qubit: number,
  angles: ReadonlyArray<readonly [string, AngleA]>,
): GateA {
  const parameters = angles.map(([key, angle]) => [key, asParameter(key, angle)] as const);
  return basicGate(
    `!${name}`,
    [qubit],
    parameters,
    angles.map(([key]) => key),
  );
}

/** `M(*qubits)`. */
export function measureA(qubits: readonly number[]): GateA {
  const p = new ParameterizableA('!M');
  p.object.set('_target_qubits', intTuple(qubits));
  return {
    node: p.node,
    name: 'M',
    controlQubits: [],
    targetQubits: qubits,
    parameters: [],
    parameterNames: [],
  };
}

function wrapper(
  tag: string,
  basic: GateA,
): { p: ParameterizableA; linked: Array<readonly [string, ParameterA]> } {
  const p = new ParameterizableA(tag);
  p.object.set('_basic_gate', basic.node);
  // `_link_parameters(basic)`: the very Parameter objects, under the same labels.
  for (const [label, parameter] of basic.parameters) dictSet(p.parameters, label, parameter.node);
  return { p, linked: [...basic.parameters] };
}

/**
 * `Controlled(*controls, basic_gate=basic)`. Around a gate that is itself controlled (a
 * `Controlled`, `CNOT`, `CZ`) it flattens: the controls are these then the inner ones, and the
 * gate inside is the inner basic gate.
 */
export function controlledA(controls: readonly number[], basic: GateA, tag = '!Controlled'): GateA {
  let all = [...controls];
  let inner = basic;
  if (basic.basicGate) {
    all = [...all, ...basic.controlQubits];
    inner = basic.basicGate;
  }
  if (new Set(all).size !== all.length) throw new RangeError('Duplicate control qubits found.');
  if (all.some((q) => inner.targetQubits.includes(q)))
    throw new RangeError("Some control qubits are the same as unitary gate's target qubits.");
  const { p, linked } = wrapper(tag, inner);
  p.object.set('_control_qubits', intTuple(all));
  const name = tag === '!Controlled' ? 'C'.repeat(all.length) + inner.name : tag.slice(1);
  return {
    node: p.node,
    name,
    controlQubits: all,
    targetQubits: inner.targetQubits,
    parameters: linked,
    parameterNames: [],
    basicGate: inner,
  };
}

export function cnotA(control: number, target: number): GateA {
  return controlledA([control], fixedGateA('X', target), '!CNOT');
}

export function czA(control: number, target: number): GateA {
  return controlledA([control], fixedGateA('Z', target), '!CZ');
}

function modified(tag: '!Adjoint' | '!Exponential', name: string, basic: GateA): GateA {
  const { p, linked } = wrapper(tag, basic);
  return {
    node: p.node,
    name,
    controlQubits: [],
    targetQubits: basic.targetQubits,
    parameters: linked,
    parameterNames: [],
  };
}

export const adjointA = (basic: GateA): GateA => modified('!Adjoint', `${basic.name}†`, basic);
export const exponentialA = (basic: GateA): GateA =>
  modified('!Exponential', `e^${basic.name}`, basic);
