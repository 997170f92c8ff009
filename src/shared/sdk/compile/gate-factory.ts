import type { SdkMap } from '../node';
import type { PyNumber } from '../python/values';
import { fromPyNum } from '../python/values';
import type { Circuit, Gate } from '../../dialect/circuit-model';
import { GATES } from '../../dialect/declaration';
import type { GateName } from '../../dialect/declaration';
import type { ParamDecl, ParamTable } from '../../dialect/numbers';
import { CONTROLLED_BASE } from '../../dialect/circuit-parameters';
import { setAnsatzAttributes } from '../common/ansatz';

/**
 * What compiling a circuit needs of one SDK version's builders (b/, a/): each gate class, the
 * Parameter, the Circuit. One walk of the model (below) serves both versions.
 */
export interface GateFactory<G, P> {
  parameter(decl: ParamDecl): P;
  fixed(name: 'I' | 'X' | 'Y' | 'Z' | 'H' | 'S' | 'T', qubit: number): G;
  swap(a: number, b: number): G;
  rotation(
    name: 'RX' | 'RY' | 'RZ' | 'U1' | 'U2' | 'U3',
    qubit: number,
    angles: ReadonlyArray<readonly [string, PyNumber | P]>,
  ): G;
  cnot(control: number, target: number): G;
  cz(control: number, target: number): G;
  controlled(controls: readonly number[], basic: G): G;
  adjoint(basic: G): G;
  exponential(basic: G): G;
  measure(qubits: readonly number[]): G;
  circuit(nqubits: number, tag: string): { node: SdkMap; add(gate: G): void };
  nodeOf(gate: G): SdkMap;
}

/** What building one gate needs of a factory (the Python script writes gates as text with it). */
export type GateBuilder<G, P> = Omit<GateFactory<G, P>, 'circuit' | 'nodeOf' | 'parameter'>;

/** A problem compiling a part of the model; `path` says where (the node's YAML path). */
export class CompileProblem extends Error {
  constructor(
    message: string,
    readonly at: { path: string },
  ) {
    super(message);
    this.name = 'CompileProblem';
  }
}

function basicGateOf<G, P>(
  f: GateBuilder<G, P>,
  name: GateName,
  qubit: number,
  angles: ReadonlyArray<PyNumber | P>,
  qubits: readonly number[],
): G {
  switch (name) {
    case 'I':
    case 'X':
    case 'Y':
    case 'Z':
    case 'H':
    case 'S':
    case 'T':
      return f.fixed(name, qubit);
    case 'SWAP':
      return f.swap(qubits[0]!, qubits[1]!);
    case 'RX':
    case 'RY':
    case 'RZ':
    case 'U1':
    case 'U2':
    case 'U3':
      return f.rotation(
        name,
        qubit,
        GATES[name].angles.map((key, i) => [key, angles[i]!] as const),
      );
    default:
      throw new Error(`${name} is not a basic gate`);
  }
}

/** One model gate as the SDK object the SDK's own code would build for it. */
export function buildGate<G, P>(
  f: GateBuilder<G, P>,
  gate: Gate,
  angle: (g: Gate, i: number) => PyNumber | P,
): G {
  const angles = gate.angles.map((_, i) => angle(gate, i));
  const base = CONTROLLED_BASE[gate.name];
  const twoQubit = GATES[gate.name].qubitKeys === 'control-target';
  if (!base || !twoQubit) {
    const basic = basicGateOf(f, gate.name, gate.qubits[0]!, angles, gate.qubits);
    const wrapped =
      gate.modifier === 'adjoint'
        ? f.adjoint(basic)
        : gate.modifier === 'exponential'
          ? f.exponential(basic)
          : basic;
    return gate.controls ? f.controlled(gate.controls, wrapped) : wrapped;
  }
  const [control, target] = [gate.qubits[0]!, gate.qubits[1]!];
  if (!gate.controls && (gate.name === 'CNOT' || gate.name === 'CZ'))
    return gate.name === 'CNOT' ? f.cnot(control, target) : f.cz(control, target);
  // CRX…CU1 (and a CNOT or CZ under further controls): a Controlled around the base gate.
  const inner = basicGateOf(f, base, target, angles, [target]);
  return f.controlled([...(gate.controls ?? []), control], inner);
}

/**
 * A model circuit as the SDK object: the circuit class (`!Circuit`, or the ansatz with its
 * attributes), then every gate added in order, each `!M` where it stood. Parameters are one
 * object per name (one node, anchored by the writer).
 */
export function buildCircuit<G, P>(f: GateFactory<G, P>, c: Circuit, params: ParamTable): SdkMap {
  const made = new Map<string, P>();
  const angle = (g: Gate, i: number): PyNumber | P => {
    const num = g.angles[i]!;
    if (num.kind === 'const') return num.int ? BigInt(num.value) : num.value;
    let p = made.get(num.name);
    if (!p) {
      const decl = params.get(num.name);
      if (!decl) throw new CompileProblem(`parameter "${num.name}" is not declared`, g);
      p = f.parameter(decl);
      made.set(num.name, p);
    }
    return p;
  };
  const tag = c.ansatz ? '!HardwareEfficientAnsatz' : '!Circuit';
  const circuit = f.circuit(c.nqubits, tag);
  if (c.ansatz) setAnsatzAttributes(circuit.node, c.ansatz, c.nqubits);
  const measurements = [...(c.measurements ?? [])];
  let m = 0;
  const flushMeasurements = (at: number) => {
    while (m < measurements.length && measurements[m]!.at <= at)
      circuit.add(f.measure(measurements[m++]!.qubits));
  };
  c.gates.forEach((gate, i) => {
    flushMeasurements(i);
    circuit.add(buildGate(f, gate, angle));
  });
  flushMeasurements(Infinity);
  return circuit.node;
}

/** A Parameter's value and bounds as Python numbers. */
export function parameterArgs(decl: ParamDecl): {
  value: PyNumber;
  bounds?: readonly [PyNumber, PyNumber];
} {
  return {
    value: fromPyNum(decl.value),
    ...(decl.bounds
      ? { bounds: [fromPyNum(decl.bounds[0]), fromPyNum(decl.bounds[1])] as const }
      : {}),
  };
}
