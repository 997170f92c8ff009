import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { runJob, validateJob } from '../../../../src/simulator/engine';
import type { PhysicalDevice } from '../../../../src/simulator/engine';
import { QPU_ANALOG, QPU_DIGITAL, SIMULATOR } from './support/devices';
import { fixtureNames, jobFromFixture } from './support/fixtures';
import { expectOk, parseResult, sdkGraph } from './support/results';
import type { SdkNode } from '../../../../src/shared/sdk/node';
import type { Parsed } from './support/results';

/** Result field and root tag each fixture must produce. */
const EXPECTED: Record<string, [string, string]> = {
  'a-analog-two-qubit.yaml': ['functional_result', '!FunctionalResult'],
  'a-digital-bell.yaml': ['functional_result', '!FunctionalResult'],
  'a-experiment-rabi.yaml': ['experiment_result', '!RabiExperimentResult'],
  'a-experiment-t1.yaml': ['experiment_result', '!T1ExperimentResult'],
  'a-reservoir.yaml': ['functional_result', '!FunctionalResult'],
  'a-variational-qaoa.yaml': ['variational_program_result', '!VariationalProgramResult'],
  'b-rabi.yaml': ['rabi_experiment_result', '!RabiExperimentResult'],
  'b-sampling-bell.yaml': ['sampling_result', '!SamplingResult'],
  'b-sampling-ghz.yaml': ['sampling_result', '!SamplingResult'],
  'b-t1.yaml': ['t1_experiment_result', '!T1ExperimentResult'],
  'b-time-evolution-two-qubit.yaml': ['time_evolution_result', '!TimeEvolutionResult'],
  'b-variational-qaoa.yaml': ['variational_program_result', '!VariationalProgramResult'],
};

/** Every tag anywhere in a result, as the SDK's reader sees it. */
function tagsIn(yaml: string): string[] {
  const tags = new Set<string>();
  const walk = (n: SdkNode): void => {
    if (n.tag) tags.add(n.tag);
    if (n.kind === 'seq') n.items.forEach(walk);
    if (n.kind === 'map') n.entries.forEach(([k, v]) => (walk(k), walk(v)));
  };
  walk(sdkGraph(yaml));
  return [...tags];
}

describe('dialect fixtures (test/fixtures/dialect)', () => {
  it('lists every fixture this test knows', () => {
    expect(fixtureNames()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.keys(EXPECTED))(
    '%s validates and runs on the simulator; its result parses back with its tags',
    async (name) => {
      const job = jobFromFixture(name, SIMULATOR);
      expect(validateJob(job)).toBeNull();
      const out = expectOk(await runJob(job));
      const [field, tag] = EXPECTED[name]!;
      expect(out.resultField).toBe(field);
      expect(out.yaml.startsWith(`${tag}\n`)).toBe(true);
      const doc = parseDocument(out.yaml);
      expect(doc.errors).toEqual([]);
      expect(doc.contents?.tag).toBe(tag);
      const tags = tagsIn(out.yaml);
      // I/Q points are an !ndarray over !Dimension sweeps; states are QTensors of !complex values.
      if (/rabi|t1/.test(name))
        expect(tags).toEqual(expect.arrayContaining(['!ndarray', '!Dimension']));
      if (/a-digital-bell|time-evolution/.test(name))
        expect(tags).toEqual(expect.arrayContaining(['!QTensor', '!csr_matrix', '!complex']));
    },
  );

  it('the fixtures run on the qpu device of the matching type', async () => {
    const pick = (name: string): PhysicalDevice =>
      /analog|reservoir|time-evolution/.test(name) ? QPU_ANALOG : QPU_DIGITAL;
    for (const name of Object.keys(EXPECTED)) {
      if (name.includes('ghz')) continue; // 10 qubits: wider than the 5-qubit qpu, by design
      const job = jobFromFixture(name, pick(name));
      expect(validateJob(job), name).toBeNull();
    }
  });

  it('a Variant A Bell pair: samples, exact expectations and the amplitudes', async () => {
    const r = parseResult(
      expectOk(await runJob(jobFromFixture('a-digital-bell.yaml', SIMULATOR))).yaml,
    );
    const {
      sampling,
      expectation_values: expectation,
      state_tomography: tomography,
    } = r.readout_results as Record<string, Parsed>;
    expect(sampling!.$tag).toBe('!SamplingReadoutResult');
    expect(Object.keys(sampling!.samples as object).sort()).toEqual(['00', '11']);
    const probabilities = sampling!.probabilities as Record<string, number>;
    expect(probabilities['00']! + probabilities['11']!).toBeCloseTo(1, 12);
    expect(expectation!.$tag).toBe('!ExpectationReadoutResult');
    expect(expectation!.nshots).toBe(0);
    const [zz, xx, z0] = expectation!.expectation_values as number[];
    expect(zz).toBeCloseTo(1, 12);
    expect(xx).toBeCloseTo(1, 12);
    expect(z0).toBeCloseTo(0, 12);
    expect(tomography!.$tag).toBe('!StateTomographyReadoutResult');
    const state = (tomography!.state as Parsed[]).map((c) => [c.real, c.imag]);
    expect(state[0]![0]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(state[3]![0]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(r.intermediate_results).toEqual([]);
  });

  it('the Variant A exchange evolution moves the excitation from qubit 0 to qubit 1', async () => {
    const r = parseResult(
      expectOk(await runJob(jobFromFixture('a-analog-two-qubit.yaml', SIMULATOR))).yaml,
    );
    const { expectation_values: expectation, sampling } = r.readout_results as Record<
      string,
      Parsed
    >;
    const [z0, z1] = expectation!.expectation_values as number[];
    expect(z0).toBeCloseTo(1, 8);
    expect(z1).toBeCloseTo(-1, 8);
    expect(sampling!.samples).toEqual({ '01': 500 });
  });

  it('the Variant B annealing schedule records every grid point', async () => {
    const r = parseResult(
      expectOk(await runJob(jobFromFixture('b-time-evolution-two-qubit.yaml', SIMULATOR))).yaml,
    );
    // One row per grid time 0, 0.5, …, 10 (the SDK's rows carry values only), a state per row.
    const rows = r.expected_values as number[][];
    expect(rows).toHaveLength(21);
    expect(rows[0]).toEqual([0, 0, 0]);
    expect(r.final_expected_values).toEqual(rows[20]);
    expect((r.final_state as unknown[]).length).toBe(4);
    expect(r.intermediate_states as unknown[]).toHaveLength(21);
  });
});
