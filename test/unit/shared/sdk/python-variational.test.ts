import { describe, expect, it } from 'vitest';
import { payloadAsPython } from '../../../../src/shared/sdk/python-script/python-script';
import type { CorpusCase } from '../../../support/sdk-digital-corpus';
import { requestOf, variantOf } from '../../../support/sdk-digital-corpus';
import { documentToExecutePayload } from '../../../../src/shared/yaml';
import type { ExecutePayload } from '../../../../src/shared/variants';

/*
 * Variational programs as SDK Python (issue 26): the SDK corpus's own requests (cases.md says
 * which classes built them) and friendly programs the templates do not cover.
 */

const outOf = (c: CorpusCase) => payloadAsPython(variantOf(c), requestOf(c).payload);

function scriptOf(c: CorpusCase): string {
  const out = outOf(c);
  if (!('script' in out)) throw new Error(`${c.name}: ${out.refused}`);
  return out.script;
}

const lines = (...l: string[]) => l.join('\n');

function friendly(variant: 'A' | 'B', optimizer: string, gates = '!RY {qubit: 0, theta: 0.1}') {
  const inner =
    variant === 'B'
      ? `!Sampling {nshots: 10, circuit: !Circuit {nqubits: 1, gates: [${gates}, !M {qubits: [0]}]}}`
      : `!DigitalPropagation {circuit: !Circuit {nqubits: 1, gates: [${gates}]}}`;
  const readout = variant === 'A' ? '  readout: [!SamplingReadout {nshots: 5}]\n' : '';
  const text = `type: variational_program\nvariational_program_payload:\n  variational_program: !VariationalProgram\n    functional: ${inner}\n    cost: {observable: "-Z0"}\n    optimizer: !Optimizer ${optimizer}\n    store_intermediate_results: false\n${readout}`;
  const read = documentToExecutePayload(variant, text);
  expect(read.problems.filter((p) => p.severity !== 'warning')).toEqual([]);
  return payloadAsPython(variant, read.payload!);
}

describe('payloadAsPython: variational programs', () => {
  it('b_vp_sampling_cobyla: Sampling, SciPyOptimizer with options and tol, the cost as the QTensor the SDK holds', () => {
    const script = scriptOf({ version: 'B-0.1.6', name: 'b_vp_sampling_cobyla' });
    expect(script).toContain('import numpy as np\n');
    expect(script).toContain('from qilisdk.core import Parameter, QTensor\n');
    expect(script).toContain('from qilisdk.functionals import Sampling, VariationalProgram\n');
    expect(script).toContain(
      lines(
        'theta0 = Parameter("theta0", 0.3)',
        'theta1 = Parameter("theta1", -0.4)',
        '',
        'circuit = Circuit(2)',
        'circuit.add(RY(0, theta=theta0))',
        'circuit.add(RY(1, theta=theta1))',
        'circuit.add(CNOT(0, 1))',
        // The SDK stores Parameter("phi", 0.2) and the number 0.2 alike (a Parameter labelled phi).
        'circuit.add(RZ(1, phi=0.2))',
        'circuit.add(M(0, 1))',
        '',
        'sampling = Sampling(circuit, nshots=500)',
        'optimizer = SciPyOptimizer(method="COBYLA", options={"maxiter": 20, "rhobeg": 0.5}, tol=0.0001)',
        'observable = QTensor(',
        '    np.array(',
        '        [',
        // Z0*Z1 + 0.5*Z0 over qubits 0, 1 (qubit 0 most significant).
        '            [1.5, 0.0, 0.0, 0.0],',
        '            [0.0, -0.5, 0.0, 0.0],',
        '            [0.0, 0.0, -1.5, 0.0],',
        '            [0.0, 0.0, 0.0, 0.5],',
        '        ]',
        '    )',
        ')',
      ),
    );
    expect(script).toContain(
      lines(
        'cost_function = ObservableCostFunction(observable)',
        'functional = VariationalProgram(',
        '    sampling,',
        '    optimizer=optimizer,',
        '    cost_function=cost_function,',
        '    store_intermediate_results=True,',
        ')',
      ),
    );
    expect(script).toContain('job = client.submit(functional, device=DEVICE)\n');
  });

  it('a_vp_digital_powell_pauli_cost: DigitalPropagation, bounds, store False, and the readout submitted with it', () => {
    const script = scriptOf({ version: 'A-0.2.1.post1', name: 'a_vp_digital_powell_pauli_cost' });
    expect(script).toContain(
      lines(
        'w0 = Parameter("w0", 0.1, bounds=(-3.141592653589793, 3.141592653589793))',
        'w1 = Parameter("w1", 0.2, bounds=(-3.141592653589793, 3.141592653589793))',
      ),
    );
    expect(script).toContain(
      lines(
        'propagation = DigitalPropagation(circuit)',
        'optimizer = SciPyOptimizer(method="Powell", options={"maxiter": 8, "xtol": 0.001})',
      ),
    );
    expect(script).toContain('            [1.0, 0.0],\n            [0.0, -1.0],\n');
    expect(script).toContain(
      '    store_intermediate_results=False,\n)\nreadout = (\n    Readout()\n    .with_expectation(observables=[Z(0)], nshots=0)\n    .with_state_tomography(method="exact")\n)',
    );
    expect(script).toContain('job = client.submit(functional, device=DEVICE, readout=readout)\n');
  });

  it('b_vp_time_evolution_lbfgsb: the schedule takes the Parameters where they stand; a cost from the SDK form carries no comment', () => {
    const script = scriptOf({ version: 'B-0.1.6', name: 'b_vp_time_evolution_lbfgsb' });
    expect(script).toContain(
      lines(
        'hx_start = Parameter("hx_start", 1.0)',
        'hz_end = Parameter("hz_end", 1.0)',
        '',
        'schedule = LinearSchedule(',
        '    T=2.0,',
        '    dt=0.1,',
        '    hamiltonians={',
        '        "hx": X(0),',
        '        "hz": Z(0),',
        '    },',
        '    schedule={',
        '        0: {"hx": hx_start, "hz": 0.0},',
        '        20: {"hx": 0.0, "hz": hz_end},',
        '    },',
        ')',
        '',
        'evolution = TimeEvolution(',
      ),
    );
    expect(script).toContain('from qilisdk.core import Parameter, QTensor\n');
    expect(script).toContain('functional = VariationalProgram(\n    evolution,\n');
    expect(script).not.toContain('_handlers');
  });

  it.each(['A-main', 'A-0.2.1.post1'] as const)(
    '%s a_vp_analog_lbfgsb: an AnalogEvolution whose coefficients are the Parameters, from ket(0)',
    (version) => {
      const script = scriptOf({ version, name: 'a_vp_analog_lbfgsb' });
      expect(script).toContain('from qilisdk.core import Parameter, QTensor, ket\n');
      expect(script).toContain(
        lines(
          'hx_start = Parameter("hx_start", 1.0)',
          'hz_end = Parameter("hz_end", 1.0)',
          '',
          'schedule = Schedule(',
          '    hamiltonians={',
          '        "hx": X(0),',
          '        "hz": Z(0),',
          '    },',
          '    coefficients={',
          '        "hx": {0.0: hx_start, 2.0: 0.0},',
          '        "hz": {0.0: 0.0, 2.0: hz_end},',
          '    },',
          '    dt=0.1,',
          ')',
          '',
          'evolution = AnalogEvolution(',
          '    schedule,',
          '    initial_state=ket(0),',
          '    store_intermediate_results=False,',
          ')',
          'optimizer = SciPyOptimizer(method="L-BFGS-B", options={"ftol": 1e-09, "maxiter": 15})',
        ),
      );
      expect(script).toContain(
        lines(
          'functional = VariationalProgram(',
          '    evolution,',
          '    optimizer=optimizer,',
          '    cost_function=cost_function,',
          '    store_intermediate_results=True,',
          ')',
          'readout = Readout().with_state_tomography(method="exact")',
        ),
      );
    },
  );

  it('a parameter named ket (which the script imports) gets its own variable', () => {
    // The Parameter hx_start (its label and its key in the Interpolator's _parameters) renamed.
    const edit = (payload: ExecutePayload) =>
      JSON.parse(JSON.stringify(payload).replaceAll('hx_start', 'ket')) as ExecutePayload;
    const c = { version: 'A-main', name: 'a_vp_analog_lbfgsb' } as const;
    const out = payloadAsPython('A', edit(requestOf(c).payload));
    expect(out).toEqual({ script: expect.stringContaining('param_ket = Parameter("ket", 1.0)\n') });
    expect((out as { script: string }).script).toContain('"hx": {0.0: param_ket, 2.0: 0.0},\n');
  });

  it('a_vp_digital_cobyla is written', () => {
    expect(scriptOf({ version: 'A-0.2.1.post1', name: 'a_vp_digital_cobyla' })).toContain(
      'optimizer = SciPyOptimizer(method="COBYLA", options={"maxiter": 20, "rhobeg": 0.5}, tol=0.0001)\n',
    );
  });

  it('b_vp_sampling_nelder_mead_model_cost builds its Model with the SDK classes', () => {
    const script = scriptOf({ version: 'B-0.1.6', name: 'b_vp_sampling_nelder_mead_model_cost' });
    expect(script).toContain('from qilisdk.core import BinaryVariable, EQ, Model, Parameter\n');
    expect(script).toContain('from qilisdk.cost_functions import ModelCostFunction\n');
    expect(script).toContain(
      [
        'b0 = BinaryVariable("b0")',
        'b1 = BinaryVariable("b1")',
        'model = Model("one_hot_pair")',
        'model.set_objective(2.0 * (b0 * b1) - b0 - b1, label="obj")',
        'model.add_constraint("one_hot", EQ(b0 + b1, 1.0), lagrange_multiplier=100)',
        'cost_function = ModelCostFunction(model)',
        'functional = VariationalProgram(',
      ].join('\n'),
    );
    expect(script).not.toContain('ObservableCostFunction');
  });

  it.each([
    ['A-0.2.1.post1', 'a_vp_digital_nelder_mead_model_cost', /parameter constraints/],
    ['A-main', 'a_vp_digital_nelder_mead_model_cost', /parameter constraints/],
  ] as const)('%s %s is refused, saying what', (version, name, what) => {
    expect(outOf({ version, name })).toEqual({
      refused: expect.stringMatching(new RegExp(`^not yet: .*${what.source}`)),
    });
  });

  it('a friendly cost is the Hamiltonian itself; Variant B says why the script can send what the app cannot', () => {
    const b = friendly('B', '{method: Powell, max_iterations: 5, tol: 1e-6}') as { script: string };
    expect(b.script).toContain(
      lines(
        'optimizer = SciPyOptimizer(method="Powell", options={"maxiter": 5}, tol=1e-06)',
        '# qilisdk 0.1.6 sends a cost function with its code pickled (its _handlers), which only',
        '# the SDK writes: the app cannot submit this program, this script can.',
        'cost_function = ObservableCostFunction(-Z(0))',
      ),
    );
    expect(b.script).toContain('    store_intermediate_results=False,\n');
    const a = friendly('A', '{method: COBYLA}') as { script: string };
    expect(a.script).toContain(
      'optimizer = SciPyOptimizer(method="COBYLA")\ncost_function = ObservableCostFunction(-Z(0))\n',
    );
  });

  it('SPSA, which the SDK has no optimiser for, is refused', () => {
    expect(friendly('A', '{method: SPSA}')).toEqual({
      refused: expect.stringMatching(/^not yet: the optimiser SPSA .*SciPyOptimizer has no SPSA/),
    });
  });

  it('a parameter named like a variable of the script gets its own variable', () => {
    const out = friendly(
      'B',
      '{method: COBYLA}',
      '!RY {qubit: 0, theta: !Parameter {name: sampling, value: 0.1}}',
    ) as { script: string };
    expect(out.script).toContain('param_sampling = Parameter("sampling", 0.1)\n');
    expect(out.script).toContain('circuit.add(RY(0, theta=param_sampling))\n');
    expect(out.script).toContain('sampling = Sampling(circuit, nshots=10)\n');
  });
});
