import { describe, expect, it } from 'vitest';
import { validateJob } from '../../../../src/simulator/engine';
import type { VariantId } from '../../../../src/shared/variants';
import { documentToExecutePayload } from '../../../../src/shared/yaml';
import type { YamlProblem } from '../../../../src/shared/yaml';
import { makeJob } from '../../simulator/engine/support/devices';

/**
 * The payload dialect's checks as the editor and `qjob validate` run them: on the document,
 * with the document's own lines and columns, every problem at once, errors where the dialect is
 * certain and warnings where a real service may accept more; and the same findings as the
 * simulator's validating step, which runs the same readers.
 */

function check(variant: VariantId, text: string) {
  return documentToExecutePayload(variant, text, {}, { dialect: true });
}

const at = (p: YamlProblem) => `${p.severity} ${p.line}:${p.column}-${p.endColumn} ${p.path}`;

const BELL_B = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 100
    circuit: !Circuit
      nqubits: 3
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0, target: 1}
`;

describe('the cases of issue 10: valid to the schema, impossible to run', () => {
  it('a CNOT with target 5 on a 3-qubit circuit', () => {
    const { payload, problems } = check('B', BELL_B.replace('target: 1', 'target: 5'));
    expect(payload).toBeNull();
    expect(problems.map(at)).toEqual([
      'error 9:38-39 sampling_payload.sampling.circuit.gates[1].target',
    ]);
    expect(problems[0]!.message).toBe(
      'gate !CNOT: qubit 5 is outside the circuit (nqubits: 3); expected a qubit index from 0 to 2',
    );
  });

  it('nshots: -5', () => {
    const { problems } = check('B', BELL_B.replace('nshots: 100', 'nshots: -5'));
    expect(problems.map(at)).toEqual(['error 4:13-15 sampling_payload.sampling.nshots']);
    expect(problems[0]!.message).toBe('nshots: -5 is out of range; expected a positive integer');
  });

  it('a gate on qubit 7 of 2, in Variant A, and a readout on a qubit that is not there', () => {
    const text = `type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: !Circuit
      nqubits: 2
      gates: [!H {qubit: 7}]
  readout: !SamplingReadout {nshots: 10}
`;
    const { problems } = check('A', text);
    expect(problems.map(at)).toEqual([
      'error 6:26-27 digital_propagation_payload.digital_propagation.circuit.gates[0].qubit',
    ]);
    const fixed = text
      .replace('qubit: 7', 'qubit: 1')
      .replace(
        '!SamplingReadout {nshots: 10}',
        '[!SamplingReadout {nshots: 0}, !ExpectationReadout {observables: ["Z0 Z5"]}]',
      );
    const later = check('A', fixed).problems;
    expect(later.map((p) => [at(p), p.message])).toEqual([
      [
        'error 7:39-40 digital_propagation_payload.readout[0].nshots',
        'nshots: 0 is out of range; expected a positive integer',
      ],
    ]);
    const observable = check('A', fixed.replace('nshots: 0', 'nshots: 5')).problems;
    expect(observable.map((p) => [at(p), p.message])).toEqual([
      [
        'error 7:78-85 digital_propagation_payload.readout[1].observables[0]',
        '!ExpectationReadout: the observable acts on qubit 5, but the state has 2 qubits',
      ],
    ]);
  });
});

describe('the edges: the first index past the end, and shots below zero', () => {
  const DIGITAL_A = `type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: !Circuit
      nqubits: 2
      gates: [!H {qubit: 0}]
  readout: READOUT
`;
  const errors = (variant: VariantId, text: string) =>
    check(variant, text)
      .problems.filter((p) => p.severity === 'error')
      .map((p) => `${p.path} ${p.message}`);

  it('a gate on qubit nqubits is outside the circuit (the last one is nqubits - 1)', () => {
    expect(errors('B', BELL_B.replace('target: 1', 'target: 3'))).toEqual([
      'sampling_payload.sampling.circuit.gates[1].target gate !CNOT: qubit 3 is outside the circuit (nqubits: 3); expected a qubit index from 0 to 2',
    ]);
    expect(errors('B', BELL_B.replace('!H {qubit: 0}', '!H {qubit: 3}'))).toEqual([
      'sampling_payload.sampling.circuit.gates[0].qubit gate !H: qubit 3 is outside the circuit (nqubits: 3); expected a qubit index from 0 to 2',
    ]);
    expect(errors('B', BELL_B.replace('!H {qubit: 0}', '!H {qubit: 2}'))).toEqual([]);
    const a = DIGITAL_A.replace('READOUT', '!SamplingReadout {nshots: 10}');
    expect(errors('A', a.replace('qubit: 0', 'qubit: 2'))).toEqual([
      'digital_propagation_payload.digital_propagation.circuit.gates[0].qubit gate !H: qubit 2 is outside the circuit (nqubits: 2); expected a qubit index from 0 to 1',
    ]);
  });

  it('an observable on qubit nqubits is outside the state', () => {
    const on = (q: number) =>
      errors('A', DIGITAL_A.replace('READOUT', `!ExpectationReadout {observables: ["Z0 Z${q}"]}`));
    expect(on(1)).toEqual([]);
    expect(on(2)).toEqual([
      'digital_propagation_payload.readout.observables[0] !ExpectationReadout: the observable acts on qubit 2, but the state has 2 qubits',
    ]);
  });

  it('a Hamiltonian or observable on qubit nqubits is outside the initial state', () => {
    const evolution = (observable: string) => `type: time_evolution
time_evolution_payload:
  time_evolution: !TimeEvolution
    schedule: !Schedule
      T: 1.0
      dt: 0.1
      hamiltonians: {h: "X0 + Z1"}
      coefficients: {h: [[0, 1], [1.0, 2]]}
    observables: ["${observable}"]
    initial_state: "00"
`;
    expect(errors('B', evolution('Z1'))).toEqual([]);
    expect(errors('B', evolution('Z2'))).toEqual([
      'time_evolution_payload.time_evolution.observables[0] !TimeEvolution: qubit 2 is outside the 2-qubit initial_state; make initial_state as wide as the highest qubit index + 1',
    ]);
  });

  it('Variant A: an expectation readout with negative nshots is refused; 0 (exact) is not', () => {
    const readout = (nshots: string) =>
      DIGITAL_A.replace('READOUT', `!ExpectationReadout {observables: ["Z0"], nshots: ${nshots}}`);
    expect(errors('A', readout('0'))).toEqual([]);
    expect(errors('A', readout('25'))).toEqual([]);
    expect(errors('A', readout('-1'))).toEqual([
      'digital_propagation_payload.readout.nshots nshots: -1 is out of range; expected an integer of at least 0',
    ]);
    expect(errors('A', readout('-1000'))).toHaveLength(1);
  });
});

describe('every problem at once, each in its place', () => {
  it('reports each bad gate and each bad field of one circuit', () => {
    const text = BELL_B.replace('nshots: 100', 'nshots: 0').replace(
      '        - !CNOT {control: 0, target: 1}\n',
      [
        '        - !CNOT {control: 4, target: 5}',
        '        - !Cnot {control: 0, target: 1}',
        '        - !RX {qubit: 0}',
        '        - !SWAP {qubits: [1, 1]}',
        '        - !H {qubit: 2, phase: 1}',
        '',
      ].join('\n'),
    );
    const { problems } = check('B', text);
    expect(problems.map((p) => `${p.severity} ${p.line} ${p.code} ${p.message}`)).toEqual([
      'error 4 dialect.range nshots: 0 is out of range; expected a positive integer',
      'error 9 dialect.qubit_range gate !CNOT: qubit 4 is outside the circuit (nqubits: 3); expected a qubit index from 0 to 2',
      'error 9 dialect.qubit_range gate !CNOT: qubit 5 is outside the circuit (nqubits: 3); expected a qubit index from 0 to 2',
      'error 10 dialect.unknown_gate gate !Cnot: unknown gate tag !Cnot; did you mean !CNOT?',
      'error 11 dialect.missing_key gate !RX: missing key "theta"; expected keys qubit, theta',
      'error 12 dialect gate !SWAP: both qubits are the same; expected two different qubits',
      'warning 13 dialect.unknown_key gate !H: unknown key "phase"; expected one of: qubit',
    ]);
  });

  it('schedule times out of order and observables outside the state', () => {
    const text = `type: time_evolution
time_evolution_payload:
  time_evolution: !TimeEvolution
    schedule: !Schedule
      T: 1.0
      dt: 0.1
      hamiltonians: {h: "X0 + Z1"}
      coefficients: {h: [[0, 1], [0.8, 1], [0.5, 2]]}
    observables: ["Z0", "Z3"]
    initial_state: "00"
`;
    expect(check('B', text).problems.map((p) => `${at(p)} ${p.message}`)).toEqual([
      'error 8:45-48 time_evolution_payload.time_evolution.schedule.coefficients.h[2][0] coefficient "h": time 0.5 comes before 0.8',
    ]);
    const ordered = text.replace('[0.5, 2]', '[1.0, 2]');
    expect(check('B', ordered).problems.map((p) => `${at(p)} ${p.message}`)).toEqual([
      'error 9:25-29 time_evolution_payload.time_evolution.observables[1] !TimeEvolution: qubit 3 is outside the 2-qubit initial_state; make initial_state as wide as the highest qubit index + 1',
    ]);
  });
});

describe('errors where the dialect is certain, warnings where a real service may know more', () => {
  it('a tag or key the dialect does not know is a warning; Submit stays possible', () => {
    const text = BELL_B.replace(
      'nshots: 100',
      'nshots: 100\n    seed: !VendorSeed 42\n    priority: 3',
    ).replace('!H {qubit: 0}', '!H {qubit: 0, duration: !VendorTime 30}');
    const { payload, problems } = check('B', text);
    expect(payload).not.toBeNull();
    expect(problems.map((p) => `${p.severity} ${p.line} ${p.code}`)).toEqual([
      'warning 5 dialect.unknown_key',
      'warning 6 dialect.unknown_key',
      'warning 10 dialect.unknown_key',
    ]);
    // A foreign tag where the dialect reads a value: not readable by the simulator, a warning.
    const angle = check('B', BELL_B.replace('!H {qubit: 0}', '!RX {qubit: 0, theta: !Angle 1}'));
    expect(angle.payload).not.toBeNull();
    expect(angle.problems.map((p) => `${p.severity} ${p.code} ${p.message}`)).toEqual([
      'warning dialect.unknown_tag gate !RX theta: !Angle is not a tag of the payload dialect; the simulator cannot read it; a real service may know it',
    ]);
  });

  it('a known tag in the wrong case is a typo, an error with the right spelling', () => {
    const { problems } = check('B', BELL_B.replace('!Circuit', '!circuit'));
    expect(problems.map((p) => `${p.severity} ${p.line}:${p.column} ${p.message}`)).toEqual([
      'error 5:14 !Circuit: unknown tag !circuit; did you mean !Circuit? Tags are case-sensitive. The rest is checked as !Circuit',
    ]);
  });

  it('a misspelt tag where only one tag may stand is an error, and what it holds is still checked', () => {
    // Issue 25: `circuit: !Circut` was a warning (Submit stayed enabled, the job failed at
    // validation) and the `!Hadamard` inside it was never reported; `qjob validate` said both.
    const text = BELL_B.replace('!Circuit', '!Circut').replace(
      '!H {qubit: 0}',
      '!Hadamard {qubit: 0}',
    );
    const { payload, problems } = check('B', text);
    expect(payload).toBeNull();
    expect(
      problems.map((p) => `${p.severity} ${p.line}:${p.column} ${p.code} ${p.message}`),
    ).toEqual([
      'error 5:14 dialect.unknown_tag !Circuit: unknown tag !Circut; did you mean !Circuit? The rest is checked as !Circuit',
      'error 8:11 dialect.unknown_gate gate !Hadamard: unknown gate tag !Hadamard; expected one of !I !X !Y !Z !H !S !T !RX !RY !RZ !U1 !U2 !U3 !CNOT !CZ !SWAP !CRX !CRY !CRZ !CU1 !Controlled !Adjoint !Exponential !M',
    ]);
    // The simulator's validating step refuses the job for the misspelling itself.
    const outcome = validateJob(
      makeJob({
        functionalYaml: `!Sampling\nnshots: 100\ncircuit: !Circut\n  nqubits: 1\n  gates: [!H {qubit: 0}]\n`,
      }),
    );
    if (!outcome || outcome.ok) throw new Error('the simulator accepted it');
    expect(outcome.error).toBe(
      '!Circuit at sampling_payload.sampling.circuit: unknown tag !Circut',
    );
  });

  it('an empty value where an object belongs says so once', () => {
    const text = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 100
    circuit:
`;
    expect(check('B', text).problems.map((p) => `${p.severity} ${p.line} ${p.message}`)).toEqual([
      'error 5 circuit: nothing is written here; expected !Circuit',
    ]);
  });

  it('the simulator’s limits are warnings: a real service may allow more', () => {
    const { payload, problems } = check('B', BELL_B.replace('nshots: 100', 'nshots: 5000000'));
    expect(payload).not.toBeNull();
    expect(problems.map((p) => `${p.severity} ${p.code} ${p.line}`)).toEqual([
      'warning dialect.limit 4',
    ]);
  });

  it('a code-bearing tag is reported once, by its own check', () => {
    const { problems } = check('B', BELL_B.replace('nshots: 100', 'nshots: !function "f"'));
    expect(problems.map((p) => `${p.severity} ${p.code}`)).toEqual(['warning code_bearing_tag']);
  });

  it('a missing readout is one problem with one message', () => {
    const text = `type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: !Circuit { nqubits: 1, gates: [!H { qubit: 0 }] }
`;
    const { problems } = check('A', text);
    expect(problems.map((p) => p.message)).toEqual(["required field 'readout' is missing"]);
  });
});

describe('the same checks as the simulator’s validating step', () => {
  const broken: [VariantId, string][] = [
    ['B', BELL_B.replace('target: 1', 'target: 5')],
    ['B', BELL_B.replace('nshots: 100', 'nshots: -5')],
    ['B', BELL_B.replace('control: 0', 'control: 1')],
    ['B', BELL_B.replace('!H {qubit: 0}', '!Hadamard {qubit: 0}')],
    ['B', BELL_B.replace('nqubits: 3', 'nqubits: 0')],
    ['B', BELL_B.replace('!H {qubit: 0}', '!M {qubits: []}')],
    [
      'A',
      `type: experiment
experiment_payload:
  experiment: !RabiExperiment {qubit: 0, averages: 0, drive_duration_values: [0, 10]}
`,
    ],
    [
      'A',
      `type: analog_evolution
analog_evolution_payload:
  analog_evolution: !AnalogEvolution
    schedule: !Schedule {T: 1, dt: 2, hamiltonians: {h: "X0"}, coefficients: {h: 1}}
  readout: !StateTomographyReadout {}
`,
    ],
  ];

  it.each(broken)(
    'Variant %s: the first error is the simulator’s, at the same place',
    (v, text) => {
      const structural = documentToExecutePayload(v, text);
      expect(structural.problems).toEqual([]);
      const model = structural.payload as Record<string, unknown>;
      const type = String(model.type);
      const field = Object.keys(model).find((k) => k !== 'type')!;
      const inner = model[field] as Record<string, string>;
      const functionalField = Object.keys(inner).find((k) => k !== 'readout')!;
      const outcome = validateJob(
        makeJob({
          variant: v,
          executeType: type,
          functionalYaml: inner[functionalField]!,
          readoutYaml: inner.readout,
          pathPrefix: `${field}.${functionalField}`,
          readoutPathPrefix: `${field}.readout`,
        }),
      );
      if (!outcome || outcome.ok) throw new Error('the simulator accepted it');
      const first = check(v, text).problems.find((p) => p.severity === 'error');
      expect(first).toBeDefined();
      // "<subject> at <path>: <problem>" there, "<subject>: <problem>; ..." on the marker here.
      const path = first!.path!;
      expect(outcome.error).toContain(` at ${path}: `);
      expect(first!.message.startsWith(outcome.error.replace(` at ${path}:`, ':'))).toBe(true);
      expect(outcome.errorLogs).toContain(`path:     ${path}`);
    },
  );
});

describe('code-bearing tags in the simulator', () => {
  it.each(['!!python/object/apply:os.system ["echo hi"]', '!!js/function "f"', '!function abc'])(
    '%s is refused by name, never read as data',
    (value) => {
      const outcome = validateJob(
        makeJob({
          functionalYaml: `!Sampling\nnshots: ${value}\ncircuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}\n`,
        }),
      );
      if (!outcome || outcome.ok) throw new Error('accepted');
      expect(outcome.error).toMatch(
        /^tag !{1,2}[\w/:.]+ at sampling_payload\.sampling\.nshots: code-bearing tag not supported by the simulator$/,
      );
    },
  );
});
