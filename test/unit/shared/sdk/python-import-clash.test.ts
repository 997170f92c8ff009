import { describe, expect, it } from 'vitest';
import { payloadAsPython } from '../../../../src/shared/sdk/python-script/python-script';
import { documentToExecutePayload } from '../../../../src/shared/yaml';

/*
 * A gate and a Pauli operator of the same name in one script (the gate Z and a readout's Z0)
 * would be imported from two modules, the later shadowing the earlier: the script would build
 * the wrong object. It is refused, naming both, rather than written wrong.
 */

const digital = (gates: string, observable: string) =>
  `type: digital_propagation\ndigital_propagation_payload:\n  digital_propagation: !DigitalPropagation\n    circuit: !Circuit {nqubits: 2, gates: [${gates}]}\n  readout:\n    - !ExpectationReadout {observables: ["${observable}"], nshots: 0}\n`;

const python = (text: string) => payloadAsPython('A', documentToExecutePayload('A', text).payload!);

describe('names imported from two modules', () => {
  it('refuses a circuit with the gate Z and a readout measuring Z', () => {
    expect(python(digital('!Z {qubit: 0}', 'Z1'))).toEqual({
      refused:
        'not yet: Z of qilisdk.analog and Z of qilisdk.digital in one script (a gate and a Pauli operator of the same name) cannot be written as SDK Python',
    });
  });

  it('writes the script when the names differ (the gate X, the observable Z)', () => {
    expect(python(digital('!X {qubit: 0}', 'Z1'))).toEqual({
      script: expect.stringContaining(
        'from qilisdk.analog import Z\nfrom qilisdk.digital import Circuit, X\n',
      ),
    });
  });
});
