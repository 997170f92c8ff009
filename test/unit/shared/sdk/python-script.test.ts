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
    expect(payloadAsPython('B', payloadOf('B', template('B', 'rabi')))).toEqual({
      refused:
        'not yet: the execute type rabi_experiment of Variant B cannot be written as SDK Python',
    });
  });

  it('writes Pauli sums with their signs and coefficients, and a readout that keeps unmeasured qubits out', () => {
    const text =
      'type: digital_propagation\ndigital_propagation_payload:\n  digital_propagation: !DigitalPropagation\n    circuit: !Circuit {nqubits: 3, gates: [!H {qubit: 0}]}\n  readout:\n    - !ExpectationReadout {observables: ["-Z0 Z2 + 0.5 X1 - 2 Y0", "Z1"], nshots: 100}\n    - !SamplingReadout {nshots: 5, expand_samples: false}\n';
    const out = payloadAsPython('A', payloadOf('A', text)) as { script: string };
    expect(out.script).toContain('from qilisdk.analog import X, Y, Z\n');
    expect(out.script).toContain(
      '    .with_expectation(observables=[-Z(0) * Z(2) + 0.5 * X(1) - 2.0 * Y(0), Z(1)], nshots=100)\n    .with_sampling(nshots=5, expand_samples=False)\n)',
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

  it('refuses Variant A types it does not cover yet', () => {
    expect(payloadAsPython('A', payloadOf('A', template('A', 'reservoir')))).toEqual({
      refused:
        'not yet: the execute type quantum_reservoir of Variant A cannot be written as SDK Python',
    });
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
