import type { Circuit, HardwareEfficientAnsatz } from '../../dialect/circuit-model';
import type { ParamTable } from '../../dialect/numbers';
import type { VariantId } from '../../variants/declaration';
import { PythonGates } from './gates';
import { PythonImports } from './imports';
import { NotYetInPython } from './not-yet';
import { PythonParameters } from './parameters';
import { qaoaCircuitPython } from './qaoa-0-2';
import type { PythonCircuit } from './python-circuit';

/*
 * A circuit of the model as qilisdk Python: its Parameters first (parameters.ts), then
 * `Circuit(nqubits)` and `circuit.add(...)` per gate (gates.ts) and per `M`, in the order
 * written. src/qilisdk/digital/circuit.py (0.1.6 and 0.2.1.post1): `Circuit(nqubits)`,
 * `Circuit.add(gate)`; src/qilisdk/digital/ansatz.py: `HardwareEfficientAnsatz(nqubits,
 * layers=1, connectivity="linear", structure="grouped", one_qubit_gate=U1, two_qubit_gate=CZ)`,
 * a Circuit that adds its own gates (with its own Parameters, every angle 0.0) in __init__;
 * `connectivity` is "linear", "circular", "full" or a list of (a, b) edges. Variant A's
 * `!QAOA`, kept in the SDK's form, is its constructor call (qaoa-0-2.ts).
 */

function ansatzCall(a: HardwareEfficientAnsatz, nqubits: number, imports: PythonImports): string {
  imports.add('qilisdk.digital', 'HardwareEfficientAnsatz', a.oneQubitGate, a.twoQubitGate);
  const connectivity = Array.isArray(a.connectivity)
    ? `[${a.connectivity.map(([x, y]) => `(${x}, ${y})`).join(', ')}]`
    : `"${a.connectivity}"`;
  return [
    `HardwareEfficientAnsatz(`,
    `    nqubits=${nqubits},`,
    `    layers=${a.layers},`,
    `    connectivity=${connectivity},`,
    `    structure="${a.structure}",`,
    `    one_qubit_gate=${a.oneQubitGate},`,
    `    two_qubit_gate=${a.twoQubitGate},`,
    `)`,
  ].join('\n');
}

/**
 * `name` is the Python variable the circuit is bound to; `table` holds the payload's Parameters;
 * `reserved` the names the script imports from elsewhere (a gate so named gets another name).
 */
export function circuitPython(
  c: Circuit,
  name: string,
  variant: VariantId,
  table: ParamTable,
  reserved: ReadonlySet<string> = new Set(),
): PythonCircuit {
  const qaoa = variant === 'A' ? qaoaCircuitPython(c, name, table) : null;
  if (qaoa) return qaoa;
  if (c.island)
    throw new NotYetInPython(
      `a circuit kept in the SDK's form (${c.island.text.split('\n')[0]}: ${c.island.reason})`,
    );
  const imports = new PythonImports();
  const params = new PythonParameters(variant, table, imports);
  const gates = new PythonGates(variant, imports, params, reserved);
  const generated = c.ansatz?.generated ?? 0;
  const lines: string[] = [];
  if (c.ansatz) lines.push(`${name} = ${ansatzCall(c.ansatz, c.nqubits, imports)}`);
  else {
    imports.add('qilisdk.digital', 'Circuit');
    lines.push(`${name} = Circuit(${c.nqubits})`);
  }
  const measurements = c.measurements ?? [];
  const measure = (at: number) => {
    for (const m of measurements.filter((x) => x.at === at))
      lines.push(`${name}.add(${gates.measure(m.qubits)})`);
  };
  if (measurements.some((m) => m.at < generated))
    throw new NotYetInPython('a measurement among the HardwareEfficientAnsatz gates');
  c.gates.forEach((gate, i) => {
    if (i < generated) return;
    measure(i);
    lines.push(`${name}.add(${gates.gate(gate)})`);
  });
  measure(c.gates.length);
  return { imports, lines: [...params.lines, ...(params.lines.length > 0 ? [''] : []), ...lines] };
}
