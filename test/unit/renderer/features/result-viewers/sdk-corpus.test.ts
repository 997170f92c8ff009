import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeResultText } from '../../../../../src/renderer/state/results/decode';
import type {
  DensityModel,
  ExpectationModel,
  FunctionalModel,
  ResultHints,
  SamplingModel,
  StateModel,
  ViewModel,
} from '../../../../../src/renderer/state/results/models';
import { NO_HINTS } from '../../../../../src/renderer/state/results/models';
import type { CountTable } from '../../../../../src/shared/results/read';

/*
 * Every result the SDK itself serialized (test/fixtures/sdk/<version>/results) decodes in our viewers'
 * model to the values its cases.md lists: the official client's result shapes chart, they do not
 * fall back to the tree view.
 */

const ROOT = join(import.meta.dirname, '../../../../fixtures/sdk');
const text = (version: string, name: string) =>
  readFileSync(join(ROOT, version, 'results', `${name}.yaml`), 'utf8');

function decode(version: string, name: string, hints: Partial<ResultHints> = {}): ViewModel {
  const m = decodeResultText(text(version, name), { ...NO_HINTS, ...hints });
  if (m.kind === 'tree') throw new Error(`${name} fell back to the tree: ${m.reason}`);
  return m;
}

function as<K extends ViewModel['kind']>(m: ViewModel | null | undefined, kind: K) {
  if (m?.kind !== kind) throw new Error(`expected ${kind}, found ${m?.kind}`);
  return m as Extract<ViewModel, { kind: K }>;
}

const table = (t: CountTable | null) =>
  Object.fromEntries(t!.keys.map((k, i) => [k, t!.values[i]!]));

function close(actual: ArrayLike<number>, expected: number[], digits = 5): void {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((v, i) => expect(actual[i]).toBeCloseTo(v, digits));
}

const readoutsOf = (m: ViewModel) => as(m, 'functional').readouts;
const sampling = (ms: ViewModel[]) => ms.find((r): r is SamplingModel => r.kind === 'sampling');
const expectation = (ms: ViewModel[]) =>
  ms.find((r): r is ExpectationModel => r.kind === 'expectation');
const state = (ms: ViewModel[]) => ms.find((r): r is StateModel => r.kind === 'state');
const BELL_AMPLITUDES = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];

describe('Variant B (qilisdk 0.1.6) results decode to their cases.md values', () => {
  const V = 'B-0.1.6';
  it('b_result_sampling_bell: the Bell histogram and its probabilities', () => {
    const m = as(decode(V, 'b_result_sampling_bell'), 'sampling');
    expect(table(m.counts)).toEqual({ '00': 503, '11': 497 });
    expect(table(m.probabilities)).toEqual({ '00': 0.503, '11': 0.497 });
    expect([m.nshots, m.nqubits, m.notes]).toEqual([1000, 2, []]);
  });

  it('b_result_sampling_rotations: 2000 shots over three qubits', () => {
    const m = as(decode(V, 'b_result_sampling_rotations'), 'sampling');
    expect(table(m.counts)).toEqual({
      '000': 1317,
      '001': 507,
      '010': 47,
      '011': 11,
      '100': 81,
      '101': 33,
      '110': 3,
      '111': 1,
    });
    expect(m.total).toBe(2000);
  });

  it('b_result_time_evolution_full: 20 rows on linspace(0, T, 20), the final state', () => {
    const m = as(decode(V, 'b_result_time_evolution_full', { duration: 5 }), 'time-evolution');
    close(m.finalValues, [0.710224, -0.374034, -0.631499, -0.066582]);
    expect(m.series?.axis).toBe('time');
    expect(m.series?.t).toHaveLength(20);
    expect(m.series?.t[19]).toBe(5);
    close(m.series!.values[0]!.slice(0, 2), [1, 0.870169]);
    expect(m.series!.values[3]![19]).toBeCloseTo(-0.066582, 5);
    const s = as(m.finalState, 'state');
    expect(s.nqubits).toBe(2);
    expect(s.amplitudes.re[0]).toBeCloseTo(0.026853, 5);
    expect(s.amplitudes.im[0]).toBeCloseTo(-0.41887, 5);
    expect(m.intermediateStates).toBe(4);
  });

  it('b_result_time_evolution_full without the duration: rows drawn per step, and said so', () => {
    const m = as(decode(V, 'b_result_time_evolution_full'), 'time-evolution');
    expect(m.series?.axis).toBe('step');
    expect(m.notes.join(' ')).toMatch(/per step/);
  });

  it('b_result_time_evolution_minimal: final values only', () => {
    const m = as(decode(V, 'b_result_time_evolution_minimal'), 'time-evolution');
    close(m.finalValues, [-0.223039, 0.899644]);
    expect([m.series, m.finalState, m.intermediateStates]).toEqual([null, null, 0]);
  });

  it('b_result_vp_sampling: NumPy costs, optimal parameters, the histogram at the optimum', () => {
    const m = as(decode(V, 'b_result_vp_sampling'), 'variational');
    expect(m.optimalCost).toBeCloseTo(-1.48, 10);
    close(
      m.optimalParameters.map((p) => p.value),
      [3.245195, -3.023627, -0.037328],
    );
    expect(m.iterations.cost).toHaveLength(12);
    expect(m.iterations.cost[0]).toBeCloseTo(0.976, 10);
    expect(table(as(m.inner, 'sampling').counts)).toEqual({ '01': 1, '10': 497, '11': 2 });
  });

  it('b_result_vp_time_evolution: float costs, the time evolution at the optimum', () => {
    const m = as(decode(V, 'b_result_vp_time_evolution'), 'variational');
    expect(m.optimalCost).toBeCloseTo(-1, 10);
    close(
      m.optimalParameters.map((p) => p.value),
      [1.570796, 0],
    );
    expect(m.iterations.cost).toHaveLength(7);
    const inner = as(m.inner, 'time-evolution');
    close(inner.finalValues, [-1]);
    expect(as(inner.finalState, 'state').amplitudes.im[1]).toBeCloseTo(-1, 10);
  });

  it('b_result_rabi: I/Q data fitted, π pulse ≈ 254 ns', () => {
    const m = as(decode(V, 'b_result_rabi'), 'experiment');
    expect([m.qubit, m.x.length, m.xName]).toEqual([0, 41, 'drive_duration']);
    expect([m.s21.re[0], m.s21.im[0]]).toEqual([0.9203714282910063, -0.33314153315141104]);
    if (m.analysis.fit?.kind !== 'rabi') throw new Error(m.analysis.fitError ?? 'no fit');
    expect(Math.abs(m.analysis.fit.fit.piPulseNs - 254)).toBeLessThan(5);
  });

  it('b_result_t1: I/Q data fitted, T1 ≈ 78900 ns', () => {
    const m = as(decode(V, 'b_result_t1'), 'experiment');
    expect([m.qubit, m.x.length, m.xName]).toEqual([1, 21, 'wait_duration']);
    if (m.analysis.fit?.kind !== 't1') throw new Error(m.analysis.fitError ?? 'no fit');
    expect(Math.abs(m.analysis.fit.fit.t1Ns - 78900)).toBeLessThan(4000);
  });
});

/** The values cases.md lists per Variant A version (QiliSim's seeds differ). */
const A_VALUES = {
  'A-main': {
    bell: { '00': 477, '11': 523 },
    allReadouts: { '00': 224, '11': 276 },
    subset: { '00': 313, '01': 60, '10': 368, '11': 59 },
    subsetP: { '00': 0.39125, '01': 0.075, '10': 0.46, '11': 0.07375 },
    ae: { '00': 238, '01': 96, '10': 545, '11': 121 },
    reservoir: [0.773567, 0.250582, 0.382028],
    reservoirRho00: 0.58056,
    vp: {
      cost: -1.49,
      params: [3.380286, -3.195383, -0.795441],
      steps: 11,
      samples: { '01': 5, '10': 495 },
    },
  },
  'A-0.2.1.post1': {
    bell: { '00': 492, '11': 508 },
    allReadouts: { '00': 250, '11': 250 },
    subset: { '00': 335, '01': 60, '10': 351, '11': 54 },
    subsetP: { '00': 0.41875, '01': 0.075, '10': 0.43875, '11': 0.0675 },
    ae: { '00': 256, '01': 99, '10': 513, '11': 132 },
    reservoir: [0.572489, 0.441521, 0.102439],
    reservoirRho00: 0.246577,
    vp: {
      cost: -1.496,
      params: [3.263879, -3.11574, 2.405221],
      steps: 13,
      samples: { '01': 2, '10': 498 },
    },
  },
} as const;

for (const [V, want] of Object.entries(A_VALUES)) {
  describe(`Variant A (${V}) results decode to their cases.md values`, () => {
    it('a_result_dp_sampling_bell: one sampling readout', () => {
      const m = as(decode(V, 'a_result_dp_sampling_bell'), 'functional');
      expect(m.readouts.map((r) => r.kind)).toEqual(['sampling']);
      expect(table(sampling(m.readouts)!.counts)).toEqual(want.bell);
      expect(m.executionTime).toBe(0.0125);
    });

    it('a_result_dp_expectation: exact expectation values', () => {
      const r = readoutsOf(decode(V, 'a_result_dp_expectation'));
      close(expectation(r)!.values, [0.877583, 0.421875, 0.011786]);
      expect(expectation(r)!.nshots).toBe(0);
    });

    it('a_result_dp_state_tomography: the Bell ket', () => {
      const s = state(readoutsOf(decode(V, 'a_result_dp_state_tomography')))!;
      expect(s.nqubits).toBe(2);
      close(s.amplitudes.re, BELL_AMPLITUDES, 6);
      close(s.amplitudes.im, [0, 0, 0, 0]);
    });

    it('a_result_dp_all_readouts: one viewer per readout, matched to the payload readouts', () => {
      const hints = {
        readouts: [
          { tag: '!SamplingReadout', observables: null, nshots: 500 },
          { tag: '!ExpectationReadout', observables: ['Z0 Z1', 'X0 X1'], nshots: 1000 },
        ],
      };
      const r = readoutsOf(decode(V, 'a_result_dp_all_readouts', hints));
      expect(r.map((x) => x.kind)).toEqual(['sampling', 'expectation', 'state']);
      expect(table(sampling(r)!.counts)).toEqual(want.allReadouts);
      expect(sampling(r)!.notes).toEqual([]);
      close(expectation(r)!.values, [1, 1]);
      expect(expectation(r)!.labels).toEqual(['Z0 Z1', 'X0 X1']);
      close(state(r)!.amplitudes.re, BELL_AMPLITUDES, 6);
    });

    it('a_result_dp_measure_subset: keys of the measured qubits only', () => {
      const s = sampling(readoutsOf(decode(V, 'a_result_dp_measure_subset')))!;
      expect(table(s.counts)).toEqual(want.subset);
      expect(table(s.probabilities)).toEqual(want.subsetP);
    });

    it('a_result_dp_measure_subset_expanded: `_` in the sample keys, not in the probabilities', () => {
      const s = sampling(readoutsOf(decode(V, 'a_result_dp_measure_subset_expanded')))!;
      const expanded = Object.fromEntries(
        Object.entries(want.subset).map(([k, v]) => [`${k[0]}_${k[1]}`, v]),
      );
      expect(table(s.counts)).toEqual(expanded);
      expect(table(s.probabilities)).toEqual(want.subsetP);
    });

    it('a_result_ae_intermediate: final readouts and one set per time step', () => {
      const m = as(decode(V, 'a_result_ae_intermediate'), 'functional');
      expect(table(sampling(m.readouts)!.counts)).toEqual(want.ae);
      close(expectation(m.readouts)!.values, [-0.309493, 0.546988, -0.248406, 0.351466]);
      expect(m.intermediate).toHaveLength(9);
      expect(m.intermediate[0]!.label).toBe('Step 1');
      close(expectation(m.intermediate[0]!.readouts)!.values, [1, -1, -1, 0]);
    });

    it('a_result_reservoir: expectation values and a density matrix per input', () => {
      const m = as(decode(V, 'a_result_reservoir', { intermediate: 'input' }), 'functional');
      close(expectation(m.readouts)!.values, [...want.reservoir]);
      const rho = m.readouts.find((r): r is DensityModel => r.kind === 'density')!;
      expect(rho.nqubits).toBe(3);
      expect(rho.matrix.re[0]).toBeCloseTo(want.reservoirRho00, 5);
      expect(rho.purity).toBeGreaterThan(0);
      expect(rho.purity).toBeLessThanOrEqual(1 + 1e-9);
      expect(m.intermediate.map((s) => s.label)).toEqual(['Input 1', 'Input 2', 'Input 3']);
      expect(m.finalLabel).toBe('Input 4');
      // Named from the payload's inputs (a_reservoir_output_encoding): the last is the final one.
      const u = [0.3, 1.2, 2.5, 0.7].map((value) => [{ name: 'u', value: String(value) }]);
      const named = as(
        decode(V, 'a_result_reservoir', { intermediate: 'input', inputs: u }),
        'functional',
      );
      expect(named.intermediate.map((s) => s.label)).toEqual([
        'Input 1 (u = 0.3)',
        'Input 2 (u = 1.2)',
        'Input 3 (u = 2.5)',
      ]);
      expect(named.finalLabel).toBe('Input 4 (u = 0.7)');
    });

    it('a_result_vp_digital: the trace, the optimum and its histogram', () => {
      const m = as(decode(V, 'a_result_vp_digital'), 'variational');
      expect(m.optimalCost).toBeCloseTo(want.vp.cost, 10);
      close(
        m.optimalParameters.map((p) => p.value),
        [...want.vp.params],
      );
      expect(m.iterations.cost).toHaveLength(want.vp.steps);
      const inner = as(m.inner, 'functional') as FunctionalModel;
      expect(table(sampling(inner.readouts)!.counts)).toEqual(want.vp.samples);
    });

    it('a_result_vp_analog: the optimum and its state', () => {
      const m = as(decode(V, 'a_result_vp_analog'), 'variational');
      expect(m.optimalCost).toBeCloseTo(-1, 10);
      close(
        m.optimalParameters.map((p) => p.value),
        [1.5708, -0],
        4,
      );
      expect(m.iterations.cost).toHaveLength(7);
      expect(state(readoutsOf(m.inner!))!.amplitudes.im[1]).toBeCloseTo(-1, 10);
    });

    it('a_result_rabi_shim: I/Q fitted, π pulse ≈ 254 ns', () => {
      const m = as(decode(V, 'a_result_rabi_shim'), 'experiment');
      expect([m.qubit, m.averages, m.x.length]).toEqual([0, 1000, 41]);
      if (m.analysis.fit?.kind !== 'rabi') throw new Error(m.analysis.fitError ?? 'no fit');
      expect(Math.abs(m.analysis.fit.fit.piPulseNs - 254)).toBeLessThan(5);
    });

    it('a_result_t1_shim: I/Q fitted, T1 ≈ 78900 ns', () => {
      const m = as(decode(V, 'a_result_t1_shim'), 'experiment');
      expect([m.qubit, m.averages, m.x.length]).toEqual([1, 2000, 21]);
      if (m.analysis.fit?.kind !== 't1') throw new Error(m.analysis.fitError ?? 'no fit');
      expect(Math.abs(m.analysis.fit.fit.t1Ns - 78900)).toBeLessThan(4000);
    });
  });
}
