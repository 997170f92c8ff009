import { describe, expect, it } from 'vitest';
import { refuseImportClash } from '../../../../src/shared/sdk/python-script/import-clash';
import { payloadAsPython } from '../../../../src/shared/sdk/python-script/python-script';
import { documentToExecutePayload } from '../../../../src/shared/yaml';

/*
 * A gate and a Pauli operator of the same name in one script (the gate Z and a readout's Z0)
 * would be imported from two modules, the later shadowing the earlier: the script would build
 * the wrong object. The gate is imported under another name; a clash no writer avoids is refused.
 */

const digital = (gates: string, observable: string) =>
  `type: digital_propagation\ndigital_propagation_payload:\n  digital_propagation: !DigitalPropagation\n    circuit: !Circuit {nqubits: 2, gates: [${gates}]}\n  readout:\n    - !ExpectationReadout {observables: ["${observable}"], nshots: 0}\n`;

const python = (text: string) => payloadAsPython('A', documentToExecutePayload('A', text).payload!);

describe('names imported from two modules', () => {
  it('imports the gate Z as ZGate when a readout measures Z', () => {
    const out = python(digital('!Z {qubit: 0}, !Adjoint {basic_gate: !Z {qubit: 1}}', 'Z1'));
    expect(out).toEqual({ script: expect.stringContaining('from qilisdk.analog import Z\n') });
    const script = (out as { script: string }).script;
    expect(script).toContain('from qilisdk.digital import Adjoint, Circuit, Z as ZGate\n');
    expect(script).toContain('circuit.add(ZGate(0))\ncircuit.add(Adjoint(ZGate(1)))\n');
    expect(script).toContain('readout = Readout().with_expectation(observables=[Z(1)], nshots=0)');
  });

  it('keeps the gate its own name when the names differ (the gate X, the observable Z)', () => {
    expect(python(digital('!X {qubit: 0}', 'Z1'))).toEqual({
      script: expect.stringContaining(
        'from qilisdk.analog import Z\nfrom qilisdk.digital import Circuit, X\n',
      ),
    });
  });

  it('refuses imports that bind one name from two modules, naming both', () => {
    expect(() =>
      refuseImportClash([
        'from qilisdk.analog import X, Z',
        'from qilisdk.digital import Circuit, Z',
      ]),
    ).toThrow('Z of qilisdk.analog and Z of qilisdk.digital in one script');
    expect(() =>
      refuseImportClash(['from qilisdk.analog import Z', 'from qilisdk.digital import Z as ZGate']),
    ).not.toThrow();
  });
});
