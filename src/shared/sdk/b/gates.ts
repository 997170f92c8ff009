import type { SdkMap } from '../node';
import type { CMatrix } from '../numeric/cmatrix';
import type { PyNumber } from '../python/values';
import { complexNdarray, intTuple, PyObject, pyDict, toDouble } from '../python/values';
import type { BuildSessionB } from './build-session';
import {
  adjointMatrix,
  controlledMatrix,
  exponentialMatrix,
  FIXED_MATRICES,
  rxMatrix,
  ryMatrix,
  rzMatrix,
  u1Matrix,
  u2Matrix,
  u3Matrix,
} from './gate-matrices';
import type { FixedGateName } from './gate-matrices';
import type { ParameterB } from './parameter';
import { parameterB } from './parameter';

/*
 * qilisdk 0.1.x gates (`qilisdk/digital/gates.py` at 0.1.6), each built as its `__init__` builds
 * it: `BasicGate` sets `_target_qubits`, `_parameters`, `_matrix`; `Controlled` sets
 * `_basic_gate`, `_control_qubits`, `_matrix`; `Adjoint` and `Exponential` set `_basic_gate`,
 * `_matrix`; `M` sets `_target_qubits`. A plain-number angle becomes `Parameter(name, value)`
 * named after the gate's own parameter (`theta`, `phi`, `gamma`).
 */

/** A built gate: its node and what `Circuit.add` reads of it. */
export interface GateB {
  readonly node: SdkMap;
  /** `gate.name`: `RX`, `CRX` (a `Controlled` RX), `RX†`, `e^RX`, `CNOT`, `M`. */
  readonly name: string;
  readonly controlQubits: readonly number[];
  readonly targetQubits: readonly number[];
  /** `gate.parameters` in its dict's order (a modified gate's are its basic gate's). */
  readonly parameters: ReadonlyArray<readonly [string, ParameterB]>;
  /** `gate.matrix`; null for `M`, which has none. */
  readonly matrix: CMatrix | null;
}

/** An angle as the SDK takes it: a Python float or int, or a `Parameter`. */
export type AngleB = PyNumber | ParameterB;

const asParameter = (key: string, angle: AngleB): ParameterB =>
  typeof angle === 'object' ? angle : parameterB(key, angle);

function basicGate(
  session: BuildSessionB,
  tag: string,
  targets: readonly number[],
  parameters: ReadonlyArray<readonly [string, ParameterB]>,
  matrixOf: (values: number[]) => CMatrix,
): GateB {
  const matrix = matrixOf(parameters.map(([, p]) => toDouble(p.value)));
  const node = new PyObject(tag)
    .set('_target_qubits', intTuple(targets))
    .set(
      '_parameters',
      parameters.length === 0
        ? session.sharedEmptyParameters
        : pyDict(parameters.map(([k, p]) => [k, p.node] as const)),
    )
    .set('_matrix', complexNdarray(matrix)).node;
  return {
    node,
    name: tag.slice(1),
    controlQubits: [],
    targetQubits: targets,
    parameters,
    matrix,
  };
}

/** `I(q)`, `X(q)`, … `T(q)`: the gates without parameters on one qubit. */
export function fixedGateB(
  session: BuildSessionB,
  name: Exclude<FixedGateName, 'SWAP'>,
  qubit: number,
): GateB {
  return basicGate(session, `!${name}`, [qubit], [], () => FIXED_MATRICES[name]);
}

export function swapB(session: BuildSessionB, a: number, b: number): GateB {
  return basicGate(session, '!SWAP', [a, b], [], () => FIXED_MATRICES.SWAP);
}

export function rxB(session: BuildSessionB, qubit: number, theta: AngleB): GateB {
  return basicGate(session, '!RX', [qubit], [['theta', asParameter('theta', theta)]], ([t]) =>
    rxMatrix(t!),
  );
}

export function ryB(session: BuildSessionB, qubit: number, theta: AngleB): GateB {
  return basicGate(session, '!RY', [qubit], [['theta', asParameter('theta', theta)]], ([t]) =>
    ryMatrix(t!),
  );
}

export function rzB(session: BuildSessionB, qubit: number, phi: AngleB): GateB {
  return basicGate(session, '!RZ', [qubit], [['phi', asParameter('phi', phi)]], ([p]) =>
    rzMatrix(p!),
  );
}

export function u1B(session: BuildSessionB, qubit: number, phi: AngleB): GateB {
  return basicGate(session, '!U1', [qubit], [['phi', asParameter('phi', phi)]], ([p]) =>
    u1Matrix(p!),
  );
}

export function u2B(session: BuildSessionB, qubit: number, phi: AngleB, gamma: AngleB): GateB {
  const params = [
    ['phi', asParameter('phi', phi)],
    ['gamma', asParameter('gamma', gamma)],
  ] as const;
  return basicGate(session, '!U2', [qubit], params, ([p, g]) => u2Matrix(p!, g!));
}

export function u3B(
  session: BuildSessionB,
  qubit: number,
  theta: AngleB,
  phi: AngleB,
  gamma: AngleB,
): GateB {
  const params = [
    ['theta', asParameter('theta', theta)],
    ['phi', asParameter('phi', phi)],
    ['gamma', asParameter('gamma', gamma)],
  ] as const;
  return basicGate(session, '!U3', [qubit], params, ([t, p, g]) => u3Matrix(t!, p!, g!));
}

/** `M(*qubits)`. */
export function measureB(qubits: readonly number[]): GateB {
  const node = new PyObject('!M').set('_target_qubits', intTuple(qubits)).node;
  return {
    node,
    name: 'M',
    controlQubits: [],
    targetQubits: qubits,
    parameters: [],
    matrix: null,
  };
}

/** Why the SDK would refuse to build a wrapper around `basic`, or null. */
export function wrapProblemB(wrapper: string, basic: GateB): string | null {
  if (!basic.matrix) return `${wrapper} cannot wrap a measurement`;
  if (basic.controlQubits.length > 0)
    return `qilisdk 0.1.x cannot build ${wrapper} around ${basic.name}, a gate with controls of its own: its matrix would not fit its qubits`;
  return null;
}

function controlledLike(
  tag: string,
  name: string,
  controls: readonly number[],
  basic: GateB,
): GateB {
  const problem = wrapProblemB('a Controlled gate', basic);
  if (problem) throw new RangeError(problem);
  if (new Set(controls).size !== controls.length)
    throw new RangeError('Duplicate control qubits found.');
  if (controls.some((q) => basic.targetQubits.includes(q)))
    throw new RangeError("Some control qubits are the same as unitary gate's target qubits.");
  const matrix = controlledMatrix(
    basic.matrix!,
    controls.length,
    controls.length + basic.targetQubits.length,
  );
  const node = new PyObject(tag)
    .set('_basic_gate', basic.node)
    .set('_control_qubits', intTuple(controls))
    .set('_matrix', complexNdarray(matrix)).node;
  return {
    node,
    name,
    controlQubits: controls,
    targetQubits: basic.targetQubits,
    parameters: basic.parameters,
    matrix,
  };
}

/** `Controlled(*controls, basic_gate=basic)`; its name is one `C` per control before the gate's. */
export function controlledB(controls: readonly number[], basic: GateB): GateB {
  return controlledLike('!Controlled', 'C'.repeat(controls.length) + basic.name, controls, basic);
}

export function cnotB(session: BuildSessionB, control: number, target: number): GateB {
  return controlledLike('!CNOT', 'CNOT', [control], fixedGateB(session, 'X', target));
}

export function czB(session: BuildSessionB, control: number, target: number): GateB {
  return controlledLike('!CZ', 'CZ', [control], fixedGateB(session, 'Z', target));
}

function modified(
  tag: string,
  name: string,
  basic: GateB,
  matrixOf: (m: CMatrix) => CMatrix,
): GateB {
  const problem = wrapProblemB(tag.slice(1), basic);
  if (problem) throw new RangeError(problem);
  const matrix = matrixOf(basic.matrix!);
  const node = new PyObject(tag)
    .set('_basic_gate', basic.node)
    .set('_matrix', complexNdarray(matrix)).node;
  return {
    node,
    name,
    controlQubits: [],
    targetQubits: basic.targetQubits,
    parameters: basic.parameters,
    matrix,
  };
}

/** `Adjoint(basic_gate=basic)`: its matrix is `basic.matrix.conj().T`, its name `X†`. */
export function adjointB(basic: GateB): GateB {
  return modified('!Adjoint', `${basic.name}†`, basic, adjointMatrix);
}

/** `Exponential(basic_gate=basic)`: its matrix is `scipy.linalg.expm(basic.matrix)`, its name `e^X`. */
export function exponentialB(basic: GateB): GateB {
  return modified('!Exponential', `e^${basic.name}`, basic, exponentialMatrix);
}
