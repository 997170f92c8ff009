import { describe, expect, it } from 'vitest';
import { buildExecuteEnvelope } from '../../../../src/shared/wire';
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

/**
 * The user's own text of a block node, cut out with plain string offsets (nothing of the code
 * under test): from `from` (the node's tag) to the end of the line holding `through`, with the
 * node's `indent` removed from every line after the first.
 */
function userSlice(text: string, from: string, through: string, indent: number): string {
  const start = text.indexOf(from);
  const lastLine = text.indexOf(through, start);
  expect(start, from).toBeGreaterThanOrEqual(0);
  expect(lastLine, through).toBeGreaterThan(start);
  return text
    .slice(start, text.indexOf('\n', lastLine) + 1)
    .split('\n')
    .map((line, i) => (i === 0 ? line : line.slice(indent)))
    .join('\n');
}

describe('documentToExecutePayload', () => {
  it('Variant B: the functional object goes out as the user wrote it', () => {
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
  });

  it('sends each functional node as the exact dedented slice of the user’s text, to the byte', () => {
    // Comments, the odd spacing, the inner anchor and alias, the tags: the user's bytes, not a
    // re-serialisation (which would print `{ control: 0, target: 1 }` and drop comments). Only
    // the node's own anchor (`&bell`, a name inside the user's document) is left out.
    const bell = userSlice(B_DOC, '!Sampling', 'repeat: *shots', 4);
    const b = documentToExecutePayload('B', B_DOC).payload;
    expect(b?.sampling_payload?.sampling).toBe(bell);
    // ... and the execute body carries that same text, unchanged, inside its JSON string.
    const envelope = buildExecuteEnvelope({ variant: 'B', payload: b!, deviceCode: 'sim-1' });
    // (every other payload field null, as the SDK's client writes them)
    expect(JSON.parse(envelope.payload)).toEqual({
      type: 'sampling',
      sampling_payload: { sampling: bell },
      time_evolution_payload: null,
      variational_program_payload: null,
      rabi_experiment_payload: null,
      t1_experiment_payload: null,
    });

    const a = documentToExecutePayload('A', A_DOC).payload?.digital_propagation_payload;
    expect(a?.digital_propagation).toBe(userSlice(A_DOC, '!DigitalPropagation', 'gates: [!H', 4));
    expect(a?.readout).toBe(userSlice(A_DOC, '- !SamplingReadout', 'nshots: 0', 4));
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

  it('says an empty payload is empty, not that it is the wrong shape', () => {
    for (const text of ['', '\n\n', '# a title only\n'])
      expect(
        documentToExecutePayload('B', text).problems.map((p) => p.message),
        text,
      ).toEqual([
        'the payload is empty: write `type` and the one payload field that matches it, or start from a template',
      ]);
    expect(documentToExecutePayload('B', '- a\n').problems[0]?.message).toMatch(
      /must be a mapping/,
    );
    expect(documentToExecutePayload('B', '!Sampling\n').problems[0]?.message).toMatch(
      /must be a mapping/,
    );
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
