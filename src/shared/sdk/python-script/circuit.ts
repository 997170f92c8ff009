import type { Circuit, Gate } from '../../dialect/circuit-model';
import { GATES } from '../../dialect/declaration';
import { modifiedCall, modifierClass } from './modified-gates';
import { NotYetInPython } from './not-yet';
import { pyNumLiteral } from './python-text';

/*
 * A circuit of the model as qilisdk Python: `Circuit(nqubits)`, then `circuit.add(...)` per gate
 * and per `M`, in the order written. Every name is the same at qilisdk 0.1.6 and 0.2.1.post1
 * (src/qilisdk/digital/__init__.py exports the gates and Circuit; src/qilisdk/digital/gates.py
 * holds their constructors: `H(qubit)`, `RX(qubit, *, theta)`, `RZ(qubit, *, phi)`,
 * `U2(qubit, *, phi, gamma)`, `U3(qubit, *, theta, phi, gamma)`, `CNOT(control, target)`,
 * `CZ(control, target)`, `SWAP(qubit_a, qubit_b)`, `M(*qubits)`; src/qilisdk/digital/circuit.py:
 * `Circuit(nqubits)`, `Circuit.add(gate)`).
 */

/** The gates qilisdk 0.1.6 and 0.2.1.post1 export from `qilisdk.digital` under the dialect's name. */
export const EXPORTED = new Set([
  'I',
  'X',
  'Y',
  'Z',
  'H',
  'S',
  'T',
  'RX',
  'RY',
  'RZ',
  'U1',
  'U2',
  'U3',
  'CNOT',
  'CZ',
  'SWAP',
]);

export interface PythonCircuit {
  /** The names this code imports from `qilisdk.digital`. */
  imports: Set<string>;
  lines: string[];
}

function gateCall(gate: Gate): string {
  if (gate.controls) throw new NotYetInPython(`a !Controlled gate (${gate.path})`);
  if (!EXPORTED.has(gate.name)) throw new NotYetInPython(`the gate ${gate.name} (${gate.path})`);
  const shape = GATES[gate.name];
  const args = gate.qubits.map(String);
  shape.angles.forEach((key, i) => args.push(`${key}=${pyNumLiteral(gate.angles[i]!, gate.path)}`));
  return modifiedCall(gate.modifier, `${gate.name}(${args.join(', ')})`);
}

/** `name` is the Python variable the circuit is bound to. */
export function circuitPython(c: Circuit, name: string): PythonCircuit {
  if (c.island)
    throw new NotYetInPython(`a circuit kept in the SDK's form (${c.island.text.split('\n')[0]})`);
  if (c.ansatz) throw new NotYetInPython('a HardwareEfficientAnsatz circuit');
  const imports = new Set<string>(['Circuit']);
  const lines = [`${name} = Circuit(${c.nqubits})`];
  const measurements = c.measurements ?? [];
  const measure = (at: number) => {
    for (const m of measurements.filter((x) => x.at === at)) {
      imports.add('M');
      lines.push(`${name}.add(M(${m.qubits.join(', ')}))`);
    }
  };
  c.gates.forEach((gate, i) => {
    measure(i);
    lines.push(`${name}.add(${gateCall(gate)})`);
    imports.add(gate.name);
    if (gate.modifier) imports.add(modifierClass(gate.modifier));
  });
  measure(c.gates.length);
  return { imports, lines };
}
