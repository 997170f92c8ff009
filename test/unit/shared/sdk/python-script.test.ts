import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { payloadAsPython } from '../../../../src/shared/sdk/python-script/python-script';
import type { VariantId } from '../../../../src/shared/variants';
import { documentToExecutePayload } from '../../../../src/shared/yaml';

function payloadOf(variant: VariantId, text: string) {
  const read = documentToExecutePayload(variant, text);
  expect(read.problems.filter((p) => p.severity !== 'warning')).toEqual([]);
  return read.payload!;
}

const template = (variant: VariantId, name: string) =>
  readFileSync(path.join('resources/templates', variant.toLowerCase(), `${name}.yaml`), 'utf8');

describe('payloadAsPython', () => {
  it.each([
    ['B', 'bell'],
    ['B', 'ghz'],
    ['B', 'time-evolution'],
    ['B', 'qaoa'],
    ['A', 'bell'],
    ['A', 'ghz'],
    ['A', 'analog-two-qubit'],
    ['A', 'qaoa'],
    ['B', 'rabi'],
    ['B', 't1'],
    ['A', 'rabi'],
    ['A', 't1'],
    ['A', 'reservoir'],
  ] as const)('Variant %s %s: the hand-written expected script', (variant, name) => {
    const out = payloadAsPython(variant, payloadOf(variant, template(variant, name)), {
      device: 'sim.statevector',
      source: `${name}.yaml`,
    });
    const expected = readFileSync(
      path.join('test/fixtures/python', variant.toLowerCase(), `${name}.py`),
      'utf8',
    );
    expect(out).toEqual({ script: expected });
  });

  const sampling = (gates: string, nqubits = 2) =>
    `type: sampling\nsampling_payload:\n  sampling: !Sampling\n    nshots: 7\n    circuit: !Circuit\n      nqubits: ${nqubits}\n      gates: [${gates}]\n`;

  it('writes angles as Python reads them back, keyword arguments as the SDK names them, and M where it stands', () => {
    const out = payloadAsPython(
      'B',
      payloadOf(
        'B',
        sampling(
          '!M {qubits: [2]}, !RX {qubit: 0, theta: 0.5}, !U3 {qubit: 1, theta: 1, phi: 1e+30, gamma: -0.0}, !SWAP {qubits: [1, 0]}, !CZ {control: 1, target: 0}, !M {qubits: [1, 0]}',
          3,
        ),
      ),
    );
    expect(out).toHaveProperty('script');
    const script = (out as { script: string }).script;
    expect(script).toContain('from qilisdk.digital import CZ, Circuit, M, RX, SWAP, U3\n');
    expect(script).toContain(
      [
        'circuit = Circuit(3)',
        'circuit.add(M(2))',
        'circuit.add(RX(0, theta=0.5))',
        'circuit.add(U3(1, theta=1, phi=1e+30, gamma=-0.0))',
        'circuit.add(SWAP(1, 0))',
        'circuit.add(CZ(1, 0))',
        'circuit.add(M(1, 0))',
        '',
        'functional = Sampling(circuit, nshots=7)',
      ].join('\n'),
    );
  });

  it('without a device the script asks for one; a job name is passed as job_name', () => {
    const out = payloadAsPython('B', payloadOf('B', sampling('!H {qubit: 0}')), {
      jobName: 'bell "run"',
    }) as { script: string };
    expect(out.script).toContain('DEVICE = ""\nif not DEVICE:\n    raise SystemExit(');
    expect(out.script).toContain(
      'job = client.submit(functional, device=DEVICE, job_name="bell \\"run\\"")',
    );
  });

  it('refuses what it does not cover, naming it, and writes no script', () => {
    const text =
      'type: digital_propagation\ndigital_propagation_payload:\n  digital_propagation: !DigitalPropagation\n    circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}\n  readout:\n    - !ExpectationReadout {observables: [!PauliZ {qubit: 0}], nshots: 0}\n';
    expect(payloadAsPython('A', payloadOf('A', text))).toEqual({
      refused: expect.stringMatching(/^not yet: .*PauliZ/),
    });
  });

  it('experiments: an int64 sweep kept in the SDK form keeps its dtype; the simulator-only T1 fields are refused as compile refuses them', () => {
    const intSweep = payloadAsPython(
      'B',
      payloadOf(
        'B',
        'type: rabi_experiment\nrabi_experiment_payload:\n  rabi_experiment: !RabiExperiment\n    _drive_duration_values: !ndarray {data: [0, 40, 80], dtype: int64, shape: !tuple [3]}\n    _qubit: 2\n',
      ),
    ) as { script: string };
    expect(intSweep.script).toContain(
      'DRIVE_DURATIONS_NS = [\n    0, 40, 80,\n]\n\nfunctional = RabiExperiment(\n    qubit=2,\n    drive_duration_values=np.array(DRIVE_DURATIONS_NS, dtype=np.int64),\n)',
    );
    const t1 = (extra: string) =>
      `type: t1_experiment\nt1_experiment_payload:\n  t1_experiment: !T1Experiment\n    qubit_id: 0\n    wait_times: [0, 1000]\n${extra}`;
    expect(payloadAsPython('B', payloadOf('B', t1('    pulse_duration: 40\n')))).toEqual({
      refused:
        "qilisdk 0.1.6's T1Experiment has no pulse_duration (the simulator alone honours it): remove it to write the script",
    });
    expect(payloadAsPython('B', payloadOf('B', t1('    delay_between_pulses: 100000\n')))).toEqual({
      refused: expect.stringMatching(/has no delay_between_pulses/),
    });
  });

  it('writes Pauli sums with their signs and coefficients (an identity term as I(0)), and a readout that keeps unmeasured qubits out', () => {
    const text =
      'type: digital_propagation\ndigital_propagation_payload:\n  digital_propagation: !DigitalPropagation\n    circuit: !Circuit {nqubits: 3, gates: [!H {qubit: 0}]}\n  readout:\n    - !ExpectationReadout {observables: ["-Z0 Z2 + 0.5 X1 - 2 Y0 + 3", "Z1"], nshots: 100}\n    - !SamplingReadout {nshots: 5, expand_samples: false}\n';
    const out = payloadAsPython('A', payloadOf('A', text)) as { script: string };
    expect(out.script).toContain('from qilisdk.analog import I, X, Y, Z\n');
    expect(out.script).toContain(
      '    .with_expectation(observables=[-Z(0) * Z(2) + 0.5 * X(1) - 2.0 * Y(0) + 3.0 * I(0), Z(1)], nshots=100)\n    .with_sampling(nshots=5, expand_samples=False)\n)',
    );
  });

  it('time evolution: a step schedule, a coefficient held from its first point, !PauliZ as an operator object, the |0> default state', () => {
    const text =
      'type: time_evolution\ntime_evolution_payload:\n  time_evolution: !TimeEvolution\n    schedule: !Schedule\n      T: 4\n      dt: 1\n      interpolation: step\n      hamiltonians: {h: "-Z0 + 2 X1"}\n      coefficients: {h: [[2, 1.0], [3, 0.5]]}\n    observables: [!PauliZ {qubit: 1}]\n    nshots: 10\n';
    const out = payloadAsPython('B', payloadOf('B', text));
    expect(out).toHaveProperty('script');
    const script = (out as { script: string }).script;
    expect(script).toContain('from qilisdk.analog import PauliZ, Schedule, X, Z\n');
    expect(script).toContain(
      '        "h": -Z(0) + 2.0 * X(1),\n    },\n    schedule={\n        0: {"h": 1.0},\n        2: {"h": 1.0},\n        3: {"h": 0.5},\n    },',
    );
    expect(script).toContain(
      '    observables=[PauliZ(1)],\n    initial_state=QTensor(np.array([[1.0], [0.0], [0.0], [0.0]])),\n    nshots=10,\n    store_intermediate_results=False,',
    );
  });

  const analog = (schedule: string, initial = '"01"') =>
    `type: analog_evolution\nanalog_evolution_payload:\n  analog_evolution: !AnalogEvolution\n    schedule: !Schedule\n${schedule}\n    initial_state: ${initial}\n  readout:\n    - !SamplingReadout {nshots: 5}\n`;

  it('analog evolution: a ramp ends at T (no total_time), a step schedule names its Interpolation, a named state is the SDK enum', () => {
    const ramp = payloadAsPython(
      'A',
      payloadOf(
        'A',
        analog(
          '      T: 2\n      dt: 0.5\n      interpolation: step\n      hamiltonians: {d: "-X0", p: "Z0 Z1"}\n      coefficients: {d: [[0, 1], [2, 0.0]], p: [[0, 0.0], [1, 0.5], [2, 1.0]]}',
          'uniform',
        ),
      ),
    ) as { script: string };
    expect(ramp.script).toContain('from qilisdk.core import InitialState, Interpolation\n');
    expect(ramp.script).toContain(
      [
        '        "d": -X(0),',
        '        "p": Z(0) * Z(1),',
        '    },',
        '    coefficients={',
        '        "d": {0.0: 1, 2.0: 0.0},',
        '        "p": {0.0: 0.0, 1.0: 0.5, 2.0: 1.0},',
        '    },',
        '    dt=0.5,',
        '    interpolation=Interpolation.STEP,',
        ')',
      ].join('\n'),
    );
    expect(ramp.script).toContain('    initial_state=InitialState.UNIFORM,\n');
    expect(ramp.script).not.toContain('import numpy');
  });

  it('analog evolution: refuses coefficients that end before T, as compile does', () => {
    const out = payloadAsPython(
      'A',
      payloadOf(
        'A',
        analog(
          '      T: 2\n      dt: 0.5\n      hamiltonians: {d: "X0 + X1"}\n      coefficients: {d: [[0, 1.0], [1, 0.0]]}',
        ),
      ),
    );
    expect(out).toEqual({
      refused: expect.stringMatching(/^not yet: .*end at t = 1, before T = 2/),
    });
  });

  const reservoir = (layers: string, initial: string) =>
    `type: quantum_reservoir\nquantum_reservoir_payload:\n  quantum_reservoir: !QuantumReservoir\n    initial_state: ${initial}\n    layers:\n${layers}    inputs:\n      - {layer: 0.5}\n  readout:\n    - !SamplingReadout {nshots: 10}\n`;
  const reservoirLayer =
    '      - !ReservoirLayer\n        input_encoding: !Circuit\n          nqubits: 2\n          gates:\n            - !RX {qubit: 1, theta: !Parameter {name: layer, value: 1}}\n        evolution_dynamics: !Schedule\n          T: 1.0\n          dt: 0.5\n          hamiltonians: {h: "X0 + Z1"}\n          coefficients: {h: 1.0}\n';

  it('reservoir: an input named like a name of the script gets its own variable; a named state goes as its QTensor; no reset, no qubits_to_reset', () => {
    const out = payloadAsPython('A', payloadOf('A', reservoir(reservoirLayer, 'one'))) as {
      script: string;
    };
    expect(out.script).toContain(
      [
        'param_layer = ReservoirInput("layer", 1)',
        '',
        'input_encoding = Circuit(2)',
        'input_encoding.add(RX(1, theta=param_layer))',
      ].join('\n'),
    );
    expect(out.script).toContain(
      'layer = ReservoirLayer(\n    evolution_dynamics=schedule,\n    input_encoding=input_encoding,\n)',
    );
    expect(out.script).toContain('    initial_state=InitialState.ONE.as_qtensor(2),\n');
    expect(out.script).toContain('        {"layer": 0.5},\n');
    expect(out.script).toContain('from qilisdk.core import InitialState\n');
  });

  it('reservoir: refuses two layers as compile does', () => {
    expect(
      payloadAsPython('A', payloadOf('A', reservoir(reservoirLayer + reservoirLayer, '"00"'))),
    ).toEqual({
      refused:
        "the reservoir has 2 layers; qilisdk 0.2.x's QuantumReservoir repeats one ReservoirLayer per input: write one layer",
    });
  });

  it('a state given by amplitudes or as a density matrix is a QTensor of its entries, complex ones as complex(re, im)', () => {
    const amplitudes = payloadAsPython(
      'A',
      payloadOf(
        'A',
        analog(
          '      T: 1\n      dt: 0.5\n      hamiltonians: {d: "X0"}\n      coefficients: {d: 1.0}',
          '[0.6, !complex {real: 0.0, imag: 0.8}]',
        ),
      ),
    ) as { script: string };
    expect(amplitudes.script).toContain(
      '    initial_state=QTensor(np.array([[0.6], [complex(0.0, 0.8)]], dtype=np.complex128)),\n',
    );
    const density = payloadAsPython(
      'B',
      payloadOf(
        'B',
        'type: time_evolution\ntime_evolution_payload:\n  time_evolution: !TimeEvolution\n    schedule: !Schedule {T: 1, dt: 1, hamiltonians: {h: "Z0"}, coefficients: {h: 1.0}}\n    observables: ["Z0"]\n    initial_state: !QTensor {matrix: [[0.5, 0.5], [0.5, 0.5]]}\n',
      ),
    ) as { script: string };
    expect(density.script).toMatch(
      /initial_state=QTensor\(np\.array\(\[\[0\.5, 0\.5\], \[0\.5, 0\.5\]\], dtype=np\.\w+\)\),/,
    );
  });

  it('!Adjoint and !Exponential wrap the gate in the SDK class, imported from qilisdk.digital.gates (0.1.6 does not export them from qilisdk.digital)', () => {
    const out = payloadAsPython(
      'B',
      payloadOf(
        'B',
        sampling(
          '!Adjoint {basic_gate: !S {qubit: 0}}, !Exponential {basic_gate: !RY {qubit: 1, theta: 0.6}}',
        ),
      ),
    ) as { script: string };
    expect(out.script).toContain(
      'from qilisdk.digital import Circuit, RY, S\nfrom qilisdk.digital.gates import Adjoint, Exponential\n',
    );
    expect(out.script).toContain(
      'circuit.add(Adjoint(S(0)))\ncircuit.add(Exponential(RY(1, theta=0.6)))\n',
    );
  });

  it('a complex coefficient is written as complex(re, im); a QTensor observable of a readout as its matrix', () => {
    const text =
      'type: digital_propagation\ndigital_propagation_payload:\n  digital_propagation: !DigitalPropagation\n    circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}\n  readout:\n    - !ExpectationReadout {observables: ["(1.0-0.5j) Z0 + 2 X0", !QTensor {matrix: [[1.0, 0.0], [0.0, -1.0]]}], nshots: 0}\n';
    const out = payloadAsPython('A', payloadOf('A', text)) as { script: string };
    expect(out.script).toContain(
      'readout = Readout().with_expectation(observables=[complex(1.0, -0.5) * Z(0) + 2.0 * X(0), QTensor(np.array([[1.0, 0.0], [0.0, -1.0]], dtype=np.complex128))], nshots=0)\n',
    );
    expect(out.script).toContain('import numpy as np\n');
    expect(out.script).toContain('from qilisdk.core import QTensor\n');
  });

  it('says why an invalid payload gets no script', () => {
    const out = payloadAsPython('B', {
      type: 'sampling',
      sampling_payload: {
        sampling: '!Sampling {nshots: 1, circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 4}]}}',
      },
    } as never);
    expect(out).toEqual({
      refused: expect.stringMatching(/^not a valid Variant B payload: .*qubit/),
    });
  });
});
