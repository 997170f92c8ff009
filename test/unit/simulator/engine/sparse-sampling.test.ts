import { describe, expect, it } from 'vitest';
import { runJob } from '../../../../src/simulator/engine';
import { Rng } from '../../../../src/simulator/engine/physics/random';
import {
  marginal,
  sampleCounts,
  sparseMarginal,
} from '../../../../src/simulator/engine/physics/sampling';
import { seededRandom } from '../../../../src/simulator/random';
import { QPU_DIGITAL, makeJob } from './support/devices';
import { expectOk, parseResult } from './support/results';

/**
 * Sampling a state that stayed sparse: from its non-zero amplitudes, the same distribution
 * and, for the same seed, the same shots as from all 2^n probabilities.
 */

/** A state with `nonZero` random amplitudes among 2^n, as sparse lists and as dense arrays. */
function sparseState(n: number, nonZero: number, seed: number) {
  const random = seededRandom(seed);
  const index = new Set<number>();
  while (index.size < nonZero) index.add(Math.floor(random() * 2 ** n));
  const list = [...index];
  const re = list.map(() => random() - 0.5);
  const im = list.map(() => random() - 0.5);
  const dense = new Float64Array(2 ** n);
  list.forEach((i, k) => (dense[i] = re[k]! ** 2 + im[k]! ** 2));
  return { list, re, im, dense };
}

describe('a sparse distribution', () => {
  it('has the marginal of the dense one, for any measured qubits', () => {
    const s = sparseState(9, 20, 1);
    for (const measured of [[0, 1, 2, 3, 4, 5, 6, 7, 8], [2, 5], [8], [0, 3, 7]]) {
      const sparse = sparseMarginal(s.list, s.re, s.im, measured);
      const dense = marginal(s.dense, measured);
      expect(sparse.outcomes).toEqual([...sparse.outcomes].sort((a, b) => a - b));
      dense.forEach((p, m) => {
        const at = sparse.outcomes.indexOf(m);
        expect(at >= 0 ? sparse.probabilities[at]! : 0).toBeCloseTo(p, 14);
      });
    }
  });

  it('gives the same shots as the dense one for the same seed, readout errors included', () => {
    const s = sparseState(8, 12, 2);
    const all = [0, 1, 2, 3, 4, 5, 6, 7];
    const errors = all.map((q) => 0.01 * q);
    const sparse = sparseMarginal(s.list, s.re, s.im, all);
    for (const readout of [null, errors]) {
      const fromDense = sampleCounts(marginal(s.dense, all), 5000, new Rng(9), readout);
      const fromSparse = sampleCounts(
        sparse.probabilities,
        5000,
        new Rng(9),
        readout,
        sparse.outcomes,
      );
      expect(fromSparse).toEqual(fromDense);
    }
  });
});

describe('a sampling job whose state stays sparse', () => {
  const ghz = (n: number, measure = '') =>
    `!Sampling\nnshots: 2000\ncircuit: !Circuit\n  nqubits: ${n}\n  gates:\n    - !H {qubit: 0}\n${Array.from(
      { length: n - 1 },
      (_, q) => `    - !CNOT {control: ${q}, target: ${q + 1}}\n`,
    ).join('')}${measure}`;

  it('GHZ on 24 qubits: two bitstrings, never a 2^24 state', async () => {
    const r = parseResult(expectOk(await runJob(makeJob({ functionalYaml: ghz(24) }))).yaml);
    const samples = r.samples as Record<string, number>;
    expect(Object.keys(samples).sort()).toEqual(['0'.repeat(24), '1'.repeat(24)]);
    expect(samples['0'.repeat(24)]! + samples['1'.repeat(24)]!).toBe(2000);
  });

  it('measures a subset and flips bits with the device readout error', async () => {
    const job = makeJob({
      functionalYaml: ghz(5, '    - !M {qubits: [1, 3]}\n'),
      device: QPU_DIGITAL,
    });
    const samples = parseResult(expectOk(await runJob(job)).yaml).samples as Record<string, number>;
    // Mostly "00" and "11"; a 3 % readout error per qubit makes some "01" and "10".
    expect(samples['00']! + samples['11']!).toBeGreaterThan(1700);
    expect((samples['01'] ?? 0) + (samples['10'] ?? 0)).toBeGreaterThan(0);
  });
});
