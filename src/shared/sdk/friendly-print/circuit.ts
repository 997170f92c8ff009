import type { Circuit, Gate } from '../../dialect/circuit-model';
import { GATES } from '../../dialect/declaration';
import { connectivityEdges } from '../../dialect/hardware-efficient';
import type { Num, ParamTable } from '../../dialect/numbers';
import { constText, pyNumText, stringText } from './scalars';

/*
 * A circuit of the model in the friendly dialect, one gate per line. Constants print as written
 * (int or float), Parameters as `!Parameter {...}` wherever used (one name is one parameter).
 */

export function paramText(num: Num, params: ParamTable): string {
  if (num.kind === 'const') return constText(num);
  const d = params.get(num.name);
  if (!d) throw new Error(`parameter ${num.name} is not declared`);
  const fields = [`name: ${stringText(d.name)}`, `value: ${pyNumText(d.value)}`];
  if (d.bounds) fields.push(`bounds: [${pyNumText(d.bounds[0])}, ${pyNumText(d.bounds[1])}]`);
  if (d.domain && d.domain !== 'Real Domain') fields.push(`domain: ${d.domain}`);
  if (d.trainable === false) fields.push('trainable: false');
  return `!Parameter {${fields.join(', ')}}`;
}

/** A gate without its `!Controlled` controls (with its own: CNOT's control, CRX's). */
function plainGateText(gate: Gate, params: ParamTable): string {
  const shape = GATES[gate.name];
  const fields: string[] =
    shape.qubitKeys === 'qubit'
      ? [`qubit: ${gate.qubits[0]}`]
      : shape.qubitKeys === 'pair'
        ? [`qubits: [${gate.qubits.join(', ')}]`]
        : [`control: ${gate.qubits[0]}`, `target: ${gate.qubits[1]}`];
  shape.angles.forEach((key, i) => fields.push(`${key}: ${paramText(gate.angles[i]!, params)}`));
  const inner = `!${gate.name} {${fields.join(', ')}}`;
  if (gate.modifier === 'adjoint') return `!Adjoint {basic_gate: ${inner}}`;
  if (gate.modifier === 'exponential') return `!Exponential {basic_gate: ${inner}}`;
  return inner;
}

const CONTROLLED_ROTATION: Record<string, string> = { RX: 'CRX', RY: 'CRY', RZ: 'CRZ', U1: 'CU1' };

export function gateText(gate: Gate, params: ParamTable): string {
  const controls = gate.controls;
  if (!controls) return plainGateText(gate, params);
  const two = CONTROLLED_ROTATION[gate.name];
  if (two && controls.length === 1 && !gate.modifier) {
    const angles = GATES[gate.name].angles.map(
      (key, i) => `${key}: ${paramText(gate.angles[i]!, params)}`,
    );
    return `!${two} {control: ${controls[0]}, target: ${gate.qubits[0]}, ${angles.join(', ')}}`;
  }
  const { controls: _drop, ...inner } = gate;
  return `!Controlled {control_qubits: [${controls.join(', ')}], basic_gate: ${plainGateText(inner, params)}}`;
}

const NAMED = ['linear', 'circular', 'full'] as const;

function connectivityText(
  edges: Array<[number, number]> | (typeof NAMED)[number],
  n: number,
): string {
  if (!Array.isArray(edges)) return edges;
  const same = (a: Array<[number, number]>) =>
    a.length === edges.length && a.every(([x, y], i) => edges[i]![0] === x && edges[i]![1] === y);
  return (
    NAMED.find((name) => same(connectivityEdges(name, n))) ??
    `[${edges.map(([a, b]) => `[${a}, ${b}]`).join(', ')}]`
  );
}

/** The circuit as friendly lines: its tag on the first, the rest indented by `indent`. */
export function circuitLines(c: Circuit, params: ParamTable, indent: string): string[] {
  if (c.island) {
    const [first = '', ...rest] = c.island.text.trimEnd().split('\n');
    return [first, ...rest.map((l) => indent + l)];
  }
  const measurements = c.measurements ?? [];
  const gateLines = (from: number, to: number) => {
    const out: string[] = [];
    for (let i = from; i <= to; i++) {
      for (const m of measurements)
        if (m.at === i) out.push(`- !M {qubits: [${m.qubits.join(', ')}]}`);
      if (i < to) out.push(`- ${gateText(c.gates[i]!, params)}`);
    }
    return out;
  };
  if (c.ansatz) {
    const a = c.ansatz;
    const lines = [
      '!HardwareEfficientAnsatz',
      `${indent}nqubits: ${c.nqubits}`,
      `${indent}layers: ${a.layers}`,
      `${indent}connectivity: ${connectivityText(a.connectivity, c.nqubits)}`,
      `${indent}structure: ${a.structure}`,
      `${indent}one_qubit_gate: ${a.oneQubitGate}`,
      `${indent}two_qubit_gate: ${a.twoQubitGate}`,
    ];
    const added = gateLines(a.generated, c.gates.length);
    if (added.length > 0)
      lines.push(`${indent}added_gates:`, ...added.map((l) => `${indent}  ${l}`));
    return lines;
  }
  const gates = gateLines(0, c.gates.length);
  return [
    '!Circuit',
    `${indent}nqubits: ${c.nqubits}`,
    gates.length > 0 ? `${indent}gates:` : `${indent}gates: []`,
    ...gates.map((l) => `${indent}  ${l}`),
  ];
}
