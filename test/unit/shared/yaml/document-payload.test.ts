import { describe, expect, it } from 'vitest';
import { documentToExecutePayload } from '../../../../src/shared/yaml';

const B_DOC = `# Bell pair, sampled 1000 times
type: sampling
sampling_payload:
  sampling: &bell !Sampling   # the functional object
    nshots: &shots 1000
    # the circuit under test
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0,   target: 1}   # spacing kept
        - !M {qubits: [0, 1]}
    repeat: *shots
time_evolution_payload: null
`;

const A_DOC = `type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: !Circuit
      nqubits: 1
      gates: [!H {qubit: 0}, !M {qubits: [0]}]
  readout:   # two readouts
    - !SamplingReadout {nshots: 100}
    - !ExpectationReadout
      observables: ["Z0"]
      nshots: 0
`;

/** Every line of `extracted` occurs verbatim (dedented) in `text`. */
function verbatimIn(text: string, extracted: string) {
  for (const line of extracted.split('\n').filter((l) => l.trim())) expect(text).toContain(line);
}

describe('documentToExecutePayload', () => {
  it('Variant B: the functional object goes out as the user wrote it', () => {
    const before = B_DOC.slice();
    const { payload, problems } = documentToExecutePayload('B', B_DOC);
    expect(problems).toEqual([]);
    expect(payload).toEqual({
      type: 'sampling',
      sampling_payload: {
        sampling: `!Sampling   # the functional object
nshots: &shots 1000
# the circuit under test
circuit: !Circuit
  nqubits: 2
  gates:
    - !H {qubit: 0}
    - !CNOT {control: 0,   target: 1}   # spacing kept
    - !M {qubits: [0, 1]}
repeat: *shots
`,
      },
    });
    verbatimIn(B_DOC, payload?.sampling_payload?.sampling ?? '');
    expect(B_DOC).toBe(before);
  });

  it('Variant A: functional object and a readout list, each as written', () => {
    const { payload, problems } = documentToExecutePayload('A', A_DOC);
    expect(problems).toEqual([]);
    expect(payload?.digital_propagation_payload).toEqual({
      digital_propagation:
        '!DigitalPropagation\ncircuit: !Circuit\n  nqubits: 1\n  gates: [!H {qubit: 0}, !M {qubits: [0]}]\n',
      readout:
        '- !SamplingReadout {nshots: 100}\n- !ExpectationReadout\n  observables: ["Z0"]\n  nshots: 0\n',
    });
  });

  it('Variant A: a readout given by alias is sent as the anchored node’s text', () => {
    const text = `type: analog_evolution
analog_evolution_payload:
  analog_evolution: !AnalogEvolution
    schedule: !Schedule {T: 1, dt: 0.1, hamiltonians: {x: "X0"}, coefficients: {x: [[0, 1], [1, 1]]}}
    initial_state: "0"
    suggested_readout: &r !SamplingReadout {nshots: 50}
  readout: *r
`;
    const { payload, problems } = documentToExecutePayload('A', text);
    expect(problems).toEqual([]);
    expect(payload?.analog_evolution_payload?.readout).toBe('!SamplingReadout {nshots: 50}');
    expect(payload?.analog_evolution_payload?.analog_evolution).toContain(
      'suggested_readout: &r !SamplingReadout',
    );
  });

  it('refuses an alias inside a functional object whose anchor is outside it', () => {
    const text = `type: digital_propagation
digital_propagation_payload:
  readout: &ro !SamplingReadout {nshots: 100}
  digital_propagation: !DigitalPropagation
    circuit: !Circuit {nqubits: 1, gates: []}
    echo: *ro
`;
    const { payload, problems } = documentToExecutePayload('A', text);
    expect(payload).toBeNull();
    expect(problems.map((p) => [p.code, p.line, p.column, p.path])).toEqual([
      ['external_alias', 6, 11, 'digital_propagation_payload.digital_propagation'],
    ]);
  });

  it('puts the exactly-one rule on the offending payload field’s line', () => {
    const text = `${B_DOC.replace('time_evolution_payload: null', 'time_evolution_payload:\n  time_evolution: !TimeEvolution {nshots: 0}')}`;
    const { payload, problems } = documentToExecutePayload('B', text);
    expect(payload).toBeNull();
    expect(problems.map((p) => [p.code, p.path, p.line, p.column, p.endColumn])).toEqual([
      ['schema.custom', 'time_evolution_payload', 14, 1, 23],
    ]);
    expect(problems[0]?.message).toMatch(/exactly one payload field/);
  });

  it('names a missing required readout on the payload field’s key (Variant A)', () => {
    const text = A_DOC.split('  readout:')[0] ?? '';
    const { problems } = documentToExecutePayload('A', text);
    expect(problems.map((p) => [p.code, p.path, p.line, p.message])).toEqual([
      [
        'schema.custom',
        'digital_propagation_payload.readout',
        2,
        "required field 'readout' is missing",
      ],
    ]);
  });

  it('marks an unknown key, an unknown type and a wrong payload field where they are written', () => {
    const text =
      'type: teleport\nsampling_payload:\n  sampling: !Sampling {}\n  shots: 3\npriority: high\n';
    const { problems } = documentToExecutePayload('B', text);
    expect(problems.map((p) => [p.path, p.line, p.column])).toEqual([
      ['type', 1, 7],
      ['sampling_payload.shots', 4, 3],
      ['priority', 5, 1],
    ]);
  });

  it('marks a functional object left empty on its key', () => {
    const { problems } = documentToExecutePayload(
      'B',
      'type: sampling\nsampling_payload:\n  sampling:\n',
    );
    expect(problems.map((p) => [p.path, p.line, p.column, p.message])).toEqual([
      ['sampling_payload.sampling', 3, 3, "'sampling' must hold the object, not be empty or null"],
    ]);
  });

  it('requires the document to be a mapping', () => {
    expect(
      documentToExecutePayload('B', '- a\n- b\n').problems.map((p) => [p.code, p.line]),
    ).toEqual([['not_a_mapping', 1]]);
    expect(documentToExecutePayload('B', '').problems.map((p) => p.code)).toEqual([
      'not_a_mapping',
    ]);
  });

  it('warns about code-bearing tags but still builds the payload', () => {
    const text = `type: variational_program
variational_program_payload:
  variational_program: !VariationalProgram
    functional: !Sampling {nshots: 10, circuit: !Circuit {nqubits: 1, gates: []}}
    cost: !function gASVKAAAAAAAAACMCGJ1aWx0aW5zlIwFcHJpbnSUk5Qu
    optimizer: !Optimizer {method: COBYLA, max_iterations: 10}
`;
    const { payload, problems } = documentToExecutePayload('B', text);
    expect(payload?.variational_program_payload?.variational_program).toContain(
      'cost: !function gASV',
    );
    expect(problems.map((p) => [p.severity, p.code, p.line, p.column, p.endColumn])).toEqual([
      ['warning', 'code_bearing_tag', 5, 11, 20],
    ]);
  });

  it('YAML errors come first and stop the conversion', () => {
    const { payload, problems } = documentToExecutePayload(
      'B',
      'type: sampling\nsampling_payload: {sampling: !S {a: 1}\n',
    );
    expect(payload).toBeNull();
    expect(problems.every((p) => p.severity === 'error' && /^[A-Z_]+$/.test(p.code))).toBe(true);
  });
});
