import { describe, expect, it } from 'vitest';
import { runJob, validateJob } from '../../../../src/simulator/engine';
import { makeJob } from './support/devices';
import { complexOf, expectOk, parseResult } from './support/results';
import type { Parsed } from './support/results';

/** A do-nothing evolution (coefficient 0) to read back how an initial state was understood. */
function idle(initial: string, observables: string): ReturnType<typeof makeJob> {
  return makeJob({
    executeType: 'time_evolution',
    functionalYaml: `!TimeEvolution\nschedule: !Schedule {T: 1, dt: 1, hamiltonians: {h: "Z0"}, coefficients: {h: 0}}\nobservables: ${observables}\ninitial_state: ${initial}\n`,
  });
}

describe('dialect forms', () => {
  it('amplitude lists are in bitstring order (qubit 0 leftmost) and get normalised', async () => {
    // entry 1 is bitstring "01": qubit 0 = 0, qubit 1 = 1
    const r = parseResult(
      expectOk(await runJob(idle('[0, 3, 0, !complex {real: 0, imag: 4}]', '["Z0", "Z1"]'))).yaml,
    );
    const [z0, z1] = r.final_expected_values as number[];
    // |ψ⟩ = (3|01⟩ + 4i|11⟩)/5: ⟨Z0⟩ = (9 − 16)/25, ⟨Z1⟩ = −1
    expect(z0).toBeCloseTo(-7 / 25, 14);
    expect(z1).toBeCloseTo(-1, 14);
    const state = (r.final_state as unknown[]).map(complexOf);
    expect(state[1]!.re).toBeCloseTo(0.6, 14);
    expect(state[3]!.im).toBeCloseTo(0.8, 14);
    const zero = validateJob(idle('[0, 0]', '["Z0"]'));
    expect(zero && !zero.ok && zero.error).toContain('all amplitudes are zero');
  });

  it('state strings: bitstrings (even unquoted) and 0 1 + - per qubit', async () => {
    const bits = parseResult(expectOk(await runJob(idle('011', '["Z0", "Z1", "Z2"]'))).yaml);
    expect(bits.final_expected_values).toEqual([1, -1, -1]);
    const signs = parseResult(expectOk(await runJob(idle('"+ - 1"', '["X0", "X1", "Z2"]'))).yaml);
    (signs.final_expected_values as number[]).forEach((v, i) =>
      expect(v).toBeCloseTo([1, -1, -1][i]!, 14),
    );
  });

  it('Pauli expressions in list form, with constants and products', async () => {
    const r = parseResult(
      expectOk(
        await runJob(
          idle(
            '"+1"',
            '[[{coefficient: 0.5, paulis: "X0 Z1"}, {paulis: "X0"}, {coefficient: 2, paulis: ""}], "3 - 2 X0*Z1"]',
          ),
        ),
      ).yaml,
    );
    const [a, b] = r.final_expected_values as number[];
    expect(a).toBeCloseTo(0.5 * -1 + 1 + 2, 14);
    expect(b).toBeCloseTo(3 + 2, 14);
  });

  it('sweeps may be written as !tuple or as a 1-D !ndarray', async () => {
    const tuple = '!RabiExperiment {qubit_id: 0, drive_pulse_duration: !tuple [0, 20, 40]}';
    const nd =
      '!RabiExperiment {qubit_id: 0, drive_pulse_duration: !ndarray {dtype: float64, shape: [3], data: [0, 20, 40]}}';
    const a = parseResult(
      expectOk(await runJob(makeJob({ executeType: 'rabi_experiment', functionalYaml: tuple })))
        .yaml,
    );
    const b = parseResult(
      expectOk(await runJob(makeJob({ executeType: 'rabi_experiment', functionalYaml: nd }))).yaml,
    );
    expect(a).toEqual(b);
    expect((a.dims as Parsed[])[0]!.values).toEqual([[0, 20, 40]]);
    const wrong = validateJob(
      makeJob({
        executeType: 'rabi_experiment',
        functionalYaml: nd.replace('shape: [3]', 'shape: [2, 2]'),
      }),
    );
    expect(wrong && !wrong.ok && wrong.error).toContain('is not a 1-D array of 3 values');
  });

  it('anchors and aliases are followed (a repeated gate), unknown aliases are errors', async () => {
    const yaml =
      '!Sampling\nnshots: 10\ncircuit: !Circuit\n  nqubits: 1\n  gates:\n    - &flip !X {qubit: 0}\n    - *flip\n    - *flip\n';
    expect(
      parseResult(expectOk(await runJob(makeJob({ functionalYaml: yaml }))).yaml).samples,
    ).toEqual({ '1': 10 });
    const bad = validateJob(
      makeJob({ functionalYaml: yaml.replace('*flip\n    - *flip', '*flop') }),
    );
    expect(bad && !bad.ok).toBe(true);
  });

  it("results are the SDK's YAML, as qilisdk 0.1.6 writes a SamplingResult", async () => {
    const out = expectOk(
      await runJob(
        makeJob({
          functionalYaml: '!Sampling\nnshots: 3\ncircuit: !Circuit {nqubits: 2, gates: []}\n',
        }),
      ),
    );
    expect(out.yaml).toBe(
      "!SamplingResult\n_nqubits: 2\n_nshots: 3\n_probabilities: {'00': 1.0}\n_samples: {'00': 3}\n",
    );
  });
});
