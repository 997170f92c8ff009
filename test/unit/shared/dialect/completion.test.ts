import { describe, expect, it } from 'vitest';
import { dialectCompletions } from '../../../../src/shared/dialect/completion';
import type { VariantId } from '../../../../src/shared/variants';
import { documentToExecutePayload } from '../../../../src/shared/yaml';

/** Completions at the `|` in `text` (the bar is removed). */
function at(variant: VariantId, text: string) {
  const offset = text.indexOf('|');
  return dialectCompletions(variant, text.slice(0, offset) + text.slice(offset + 1), offset);
}
const labels = (variant: VariantId, text: string) => at(variant, text)?.items.map((i) => i.label);
/** A snippet as Monaco inserts it with its defaults: placeholders become their text. */
const plain = (snippet: string) =>
  snippet
    .replace(/\$\{\d+:((?:\\.|[^}\\])*)\}/g, (_m, text: string) => text.replace(/\\(.)/g, '$1'))
    .replace(/\$\d+/g, '');

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
  it('leaves the values of `type:` to the JSON Schema', () => {
    expect(at('B', 'type: |\n')).toBeNull();
  });

  it('writes the payload out where the JSON Schema offered `null` or a bare key (issue 25)', () => {
    const skeleton =
      'sampling: !Sampling\n  circuit: !Circuit\n    nqubits: ${1:2}\n    gates: [$2]\n  nshots: ${3:1000}';
    // After `sampling_payload:`, only `null` was offered.
    const value = at('B', 'type: sampling\nsampling_payload: |\n');
    expect(value?.items.map((i) => [i.label, i.insertText])).toEqual([
      ['sampling', `\n${skeleton.replace(/^/gm, '  ')}`],
    ]);
    // Inside it, `sampling` was a bare key, an error once accepted.
    const key = at('B', 'type: sampling\nsampling_payload:\n  |\n');
    expect(key?.items.map((i) => [i.label, i.insertText, i.retrigger])).toEqual([
      ['sampling', skeleton, false],
    ]);
    // Variant A: the functional object and a readout to start from.
    expect(
      at('A', 'type: digital_propagation\ndigital_propagation_payload:\n  |\n')?.items.map((i) => [
        i.label,
        i.insertText,
      ]),
    ).toEqual([
      [
        'digital_propagation',
        'digital_propagation: !DigitalPropagation\n  circuit: !Circuit\n    nqubits: ${1:2}\n    gates: [$2]',
      ],
      ['readout', 'readout:\n  - !SamplingReadout {nshots: ${1:1000}}'],
    ]);
    // Several tags to choose from: the key, and the choices open at once.
    const experiment = at('A', 'type: experiment\nexperiment_payload:\n  |\n')?.items[0];
    expect([experiment?.insertText, experiment?.retrigger]).toEqual(['experiment: $1', true]);
    // At the top: the payload of `type`, or a whole payload per execute type.
    expect(labels('B', 'type: sampling\n|\n')).toEqual(['sampling_payload']);
    expect(labels('B', '|')).toEqual([
      'type: sampling',
      'type: time_evolution',
      'type: variational_program',
      'type: rabi_experiment',
      'type: t1_experiment',
    ]);
    expect(at('B', '|')?.items[0]?.insertText).toBe(
      `type: sampling\nsampling_payload:\n${skeleton.replace(/^/gm, '  ')}`,
    );
  });

  it('every skeleton it writes at the top is a payload that reads as valid, or says what to pick', () => {
    for (const variant of ['A', 'B'] as const) {
      for (const item of at(variant, '|')?.items ?? []) {
        const text = plain(item.insertText);
        const problems = documentToExecutePayload(variant, text, {}, { dialect: true }).problems;
        const errors = problems.filter((p) => p.severity === 'error');
        // Only where a tag must be chosen (an experiment, a variational program's functional)
        // or a list must be filled (a reservoir's layers) is something left to write.
        if (/: \$\d|\[\$\d\]/.test(item.insertText) && errors.length)
          expect(errors.map((p) => p.message).join(' ')).toMatch(
            /found nothing|nothing is written|no layers/,
          );
        else expect(errors, `${variant} ${item.label}`).toEqual([]);
      }
    }
  });

  it('offers the functional object the execute type needs, with its fields on the next level', () => {
    const b = at('B', 'type: sampling\nsampling_payload:\n  sampling: |\n');
    expect(b?.items.map((i) => i.label)).toEqual(['!Sampling']);
    expect(b?.items[0]?.insertText).toBe(
      '!Sampling\n  circuit: !Circuit\n    nqubits: ${1:2}\n    gates: [$2]\n  nshots: ${3:1000}',
    );
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
    expect(labels('B', opt)).toEqual(['COBYLA', 'Nelder-Mead', 'Powell', 'L-BFGS-B', 'SPSA']);
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
