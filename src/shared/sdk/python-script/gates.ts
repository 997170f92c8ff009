import type { Gate } from '../../dialect/circuit-model';
import type { VariantId } from '../../variants/declaration';
import type { GateBuilder } from '../compile/gate-factory';
import { buildGate } from '../compile/gate-factory';
import type { PythonImports } from './imports';
import type { PythonParameters } from './parameters';
import { pyNumLiteral } from './python-text';

/*
 * One gate of the model as the qilisdk constructor call that builds it, through the same walk
 * compile uses (compile/gate-factory.ts `buildGate`): CRX…CU1, and a CNOT or CZ under further
 * controls, become a `Controlled` around the base gate, as the SDK's own objects hold them.
 * src/qilisdk/digital/gates.py (0.1.6 and 0.2.1.post1): `H(qubit)`, `RX(qubit, *, theta)`,
 * `RZ(qubit, *, phi)`, `U1(qubit, *, phi)`, `U2(qubit, *, phi, gamma)`,
 * `U3(qubit, *, theta, phi, gamma)`, `CNOT(control, target)`, `CZ(control, target)`,
 * `SWAP(a, b)`, `M(*qubits)`, `Controlled(*control_qubits, basic_gate)`, `Adjoint(basic_gate)`,
 * `Exponential(basic_gate)`. src/qilisdk/digital/__init__.py exports the wrappers at 0.2.1.post1
 * only; at 0.1.6 they are imported from qilisdk.digital.gates.
 */

const DIGITAL = 'qilisdk.digital';

function textBuilder(variant: VariantId, imports: PythonImports): GateBuilder<string, string> {
  const wrappers = variant === 'A' ? DIGITAL : 'qilisdk.digital.gates';
  const call = (name: string, args: ReadonlyArray<string | number>, module = DIGITAL) => {
    imports.add(module, name);
    return `${name}(${args.join(', ')})`;
  };
  return {
    fixed: (name, qubit) => call(name, [qubit]),
    swap: (a, b) => call('SWAP', [a, b]),
    rotation: (name, qubit, angles) =>
      call(name, [qubit, ...angles.map(([key, value]) => `${key}=${String(value)}`)]),
    cnot: (control, target) => call('CNOT', [control, target]),
    cz: (control, target) => call('CZ', [control, target]),
    controlled: (controls, basic) =>
      call('Controlled', [...controls, `basic_gate=${basic}`], wrappers),
    adjoint: (basic) => call('Adjoint', [basic], wrappers),
    exponential: (basic) => call('Exponential', [basic], wrappers),
    measure: (qubits) => call('M', qubits),
  };
}

/** Writes gates as Python calls; parameters go through `params` (one variable per name). */
export class PythonGates {
  private readonly builder: GateBuilder<string, string>;

  constructor(
    variant: VariantId,
    imports: PythonImports,
    private readonly params: PythonParameters,
  ) {
    this.builder = textBuilder(variant, imports);
  }

  gate(gate: Gate): string {
    return buildGate(this.builder, gate, (g, i) => {
      const num = g.angles[i]!;
      return num.kind === 'param' ? this.params.use(num.name, g.path) : pyNumLiteral(num, g.path);
    });
  }

  measure(qubits: readonly number[]): string {
    return this.builder.measure(qubits);
  }
}
