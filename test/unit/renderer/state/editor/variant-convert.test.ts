import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertPayload } from '../../../../../src/renderer/state/editor/variant-convert';
import { documentToExecutePayload, hasErrors } from '../../../../../src/shared/yaml';

const template = (variant: 'a' | 'b', name: string) =>
  readFileSync(
    new URL(`../../../../../resources/templates/${variant}/${name}.yaml`, import.meta.url),
    'utf8',
  );

const valid = (variant: 'A' | 'B', text: string) =>
  !hasErrors(documentToExecutePayload(variant, text, {}, { dialect: true }).problems);

describe('a payload of the other variant (issue 25)', () => {
  it('converts a sampling circuit both ways, keeping the circuit as written and the header', () => {
    const b = `# title: Bell pair
# device: sim.statevector
type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 500
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}   # superposition
        - !CNOT {control: 0, target: 1}
`;
    const toA = convertPayload(b, 'B', 'A');
    expect(toA).toEqual({
      ok: true,
      text: `# title: Bell pair
# device: sim.statevector
type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}   # superposition
        - !CNOT {control: 0, target: 1}
  readout:
    - !SamplingReadout {nshots: 500}
`,
    });
    expect(valid('A', toA.ok ? toA.text : '')).toBe(true);
    const back = convertPayload(toA.ok ? toA.text : '', 'A', 'B');
    expect(back).toEqual({ ok: true, text: b });
  });

  it('refuses what has no counterpart that means the same, and says why', () => {
    // The A Bell template also reads expectation values and the state: B has no such readouts.
    const bell = convertPayload(template('a', 'bell'), 'A', 'B');
    expect(bell).toEqual({
      ok: false,
      reason:
        'Variant B samples a circuit but has no expectation or state readouts; only a digital propagation read out by one !SamplingReadout has a Variant B form (a !Sampling)',
    });
    const rabi = convertPayload(template('a', 'rabi'), 'A', 'B');
    expect(rabi.ok).toBe(false);
    expect(rabi.ok ? '' : rabi.reason).toMatch(
      /^Variant B has no form of a .* payload that means the same/,
    );
  });
});
