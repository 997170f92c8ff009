import { describe, expect, it } from 'vitest';
import { dialectCompletions } from '../../../../src/shared/dialect/completion';
import type { VariantId } from '../../../../src/shared/variants';

/** Completions at the `|` in `text` (the bar is removed). */
function at(variant: VariantId, text: string) {
  const offset = text.indexOf('|');
  return dialectCompletions(variant, text.slice(0, offset) + text.slice(offset + 1), offset);
}
const labels = (variant: VariantId, text: string) => at(variant, text)?.items.map((i) => i.label);

const SAMPLING = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 100
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - |
`;

describe('dialect completion', () => {
  it('leaves `type:` and the payload fields to the JSON Schema', () => {
    expect(at('B', 'type: |\n')).toBeNull();
    expect(at('B', 'type: sampling\n|\n')).toBeNull();
    expect(at('B', 'type: sampling\nsampling_payload:\n  |\n')).toBeNull();
  });

  it('offers the functional object the execute type needs, with its fields on the next level', () => {
    const b = at('B', 'type: sampling\nsampling_payload:\n  sampling: |\n');
    expect(b?.items.map((i) => i.label)).toEqual(['!Sampling']);
    expect(b?.items[0]?.insertText).toBe('!Sampling\n  circuit: $1\n  nshots: ${2:1000}');
    expect(labels('A', 'type: experiment\nexperiment_payload:\n  experiment: |\n')).toEqual([
      '!RabiExperiment',
      '!T1Experiment',
    ]);
  });

  it('offers gates inside a gate list, written on one line with their parameters', () => {
    const result = at('B', SAMPLING);
    expect(result?.items.map((i) => i.label)).toEqual([
      '!I',
      '!X',
      '!Y',
      '!Z',
      '!H',
      '!S',
      '!T',
      '!RX',
      '!RY',
      '!RZ',
      '!U1',
      '!U2',
      '!U3',
      '!CNOT',
      '!CZ',
      '!SWAP',
      '!CRX',
      '!CRY',
      '!CRZ',
      '!CU1',
      '!Controlled',
      '!Adjoint',
      '!Exponential',
      '!M',
    ]);
    expect(result?.items.find((i) => i.label === '!CNOT')?.insertText).toBe(
      '!CNOT {control: ${1:0}, target: ${2:1}}',
    );
    // With a tag begun, the whole word is replaced.
    const typed = SAMPLING.replace('- |', '- !CN|');
    const partial = at('B', typed);
    expect(typed.slice(partial!.from, typed.indexOf('|'))).toBe('!CN');
    // Flow lists too.
    expect(
      labels(
        'B',
        SAMPLING.replace(
          'gates:\n        - !H {qubit: 0}\n        - |',
          'gates: [!H {qubit: 0}, |]',
        ),
      ),
    ).toContain('!SWAP');
  });

  it('offers readouts in a Variant A readout, one or in a list', () => {
    const one = `type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}
  readout: |
`;
    expect(labels('A', one)).toEqual([
      '!SamplingReadout',
      '!ExpectationReadout',
      '!StateTomographyReadout',
    ]);
    expect(labels('A', one.replace('readout: |', 'readout:\n    - |'))).toEqual([
      '!SamplingReadout',
      '!ExpectationReadout',
      '!StateTomographyReadout',
    ]);
  });

  it('offers an object’s missing fields, required first and marked', () => {
    const text = SAMPLING.replace('      nqubits: 2\n', '      |\n').replace('        - |\n', '');
    const result = at('B', text);
    expect(result?.items.map((i) => [i.label, i.detail])).toEqual([
      ['nqubits', 'required · number of qubits'],
    ]);
    const te = `type: time_evolution
time_evolution_payload:
  time_evolution: !TimeEvolution
    observables: ["Z0"]
    |
`;
    expect(at('B', te)?.items.map((i) => [i.label, i.required])).toEqual([
      ['schedule', true],
      ['initial_state', false],
      ['nshots', false],
      ['store_intermediate_results', false],
    ]);
    // Inside a gate written on one line.
    expect(labels('B', SAMPLING.replace('- |', '- !CNOT {control: 0, |}'))).toEqual(['target']);
    // An untagged object the dialect knows: the cost of a variational program.
    const cost = `type: variational_program
variational_program_payload:
  variational_program: !VariationalProgram
    cost:
      |
`;
    expect(labels('B', cost)).toEqual(['observable']);
  });

  it('offers a field’s fixed values and the variant’s own objects', () => {
    const opt = `type: variational_program
variational_program_payload:
  variational_program: !VariationalProgram
    optimizer: !Optimizer
      method: |
`;
    expect(labels('B', opt)).toEqual(['COBYLA', 'Nelder-Mead', 'Powell', 'SPSA']);
    const inner = opt.replace('    optimizer: !Optimizer\n      method: |', '    functional: |');
    expect(labels('B', inner)).toEqual(['!Sampling', '!TimeEvolution']);
    expect(
      labels('A', inner.replace(/variational_program_payload/, 'variational_program_payload')),
    ).toEqual(['!DigitalPropagation', '!AnalogEvolution']);
  });

  it('has nothing to say inside objects it does not know', () => {
    expect(at('B', SAMPLING.replace('- |', '- !Vendor {|}'))).toBeNull();
    expect(at('B', 'type: sampling\nsampling_payload:\n  sampling: !Other\n    |\n')).toBeNull();
  });
});
