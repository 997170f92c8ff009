import { describe, expect, it } from 'vitest';
import { comparisonCsv } from '../../../../../src/renderer/features/result-viewers/model/compare-export';
import {
  compareDistributions,
  compareModels,
} from '../../../../../src/renderer/features/result-viewers/model/compare';
import { decodeResultText } from '../../../../../src/renderer/state/results/decode';
import {
  commonGrid,
  interpolate,
  mergeOnUnion,
} from '../../../../../src/renderer/features/result-viewers/model/interpolate';
import { UNKNOWN_RESULT, bellSampling, rabiB, t1B, timeEvolution } from './fixtures';

const counts = (o: Record<string, number>) => ({
  keys: Object.keys(o),
  values: Float64Array.from(Object.values(o)),
});

describe('comparing two results', () => {
  it('gives total variation distance and Hellinger fidelity of two distributions', () => {
    const same = compareDistributions(
      'x',
      counts({ '00': 50, '11': 50 }),
      counts({ '00': 500, '11': 500 }),
      8,
    );
    expect(same.totalVariation).toBeCloseTo(0);
    expect(same.hellingerFidelity).toBeCloseTo(1);
    const disjoint = compareDistributions('x', counts({ '00': 1 }), counts({ '11': 1 }), 8);
    expect(disjoint.totalVariation).toBeCloseTo(1);
    expect(disjoint.hellingerFidelity).toBeCloseTo(0);
    const c = compareDistributions(
      'x',
      counts({ '00': 60, '11': 40 }),
      counts({ '00': 45, '11': 45, '01': 10 }),
      8,
    );
    expect(c.totalVariation).toBeCloseTo(0.15);
    // (√(.6·.45) + √(.4·.45))² = 0.9
    expect(c.hellingerFidelity).toBeCloseTo((Math.sqrt(0.6 * 0.45) + Math.sqrt(0.4 * 0.45)) ** 2);
    expect(c.categories).toEqual(['00', '11', '01']);
    expect(c.a).toEqual([0.6, 0.4, 0]);
    expect(c.outcomes).toEqual({ a: 2, b: 3, both: 2, union: 3 });
    expect(c.notes).toEqual([]);
  });

  it('counts the outcomes both sides saw, and warns when the widths differ (issue 25)', () => {
    // "Outcomes (A / B / both) 2 / 2 / 4" counted the union as "both".
    const apart = compareDistributions(
      'x',
      counts({ '00': 50, '11': 50 }),
      counts({ '0000000000': 30, '1111111111': 70 }),
      8,
    );
    expect(apart.outcomes).toEqual({ a: 2, b: 2, both: 0, union: 4 });
    expect(apart.notes).toEqual([
      "A's outcomes have 2 bits and B's 10 bits: the two jobs measured different numbers of qubits, so they cannot agree outcome by outcome, and the distances above say only that. Compare jobs that measure the same qubits.",
    ]);
  });

  it('sums outcomes past the top K into one bar for each side', () => {
    const c = compareDistributions(
      'x',
      counts({ a: 5, b: 3, c: 1, d: 1 }),
      counts({ a: 4, b: 4, c: 2 }),
      2,
    );
    expect(c.categories).toEqual(['a', 'b', 'other (2 outcomes)']);
    expect(c.a[2]).toBeCloseTo(0.2);
    expect(c.b[2]).toBeCloseTo(0.2);
  });

  it('compares two Bell jobs as distributions', () => {
    const c = compareModels(
      decodeResultText(bellSampling(1000, 1)),
      decodeResultText(bellSampling(1000, 9)),
    );
    expect(c.kind).toBe('distribution');
    if (c.kind !== 'distribution') return;
    expect(c.totalVariation).toBeLessThan(0.1);
    expect(c.hellingerFidelity).toBeGreaterThan(0.99);
  });

  it('overlays curves and gives their difference on a common grid', () => {
    const a = decodeResultText(timeEvolution(10, 1));
    const b = decodeResultText(timeEvolution(20, 1));
    const c = compareModels(a, b);
    expect(c.kind).toBe('curves');
    if (c.kind !== 'curves') return;
    expect(c.overlay.series.map((s) => s.label)).toEqual([
      'A: O1',
      'B: O1',
      'A: O2',
      'B: O2',
      'A: O3',
      'B: O3',
    ]);
    expect(c.overlay.x).toHaveLength(21);
    expect(c.difference.x).toHaveLength(21);
    // Same function sampled more finely: differences come only from interpolating A's coarse grid.
    expect(c.difference.series[0]!.maxAbs).toBeLessThan(0.02);
  });

  it('compares Rabi sweeps from different devices as normalised populations', () => {
    const c = compareModels(
      decodeResultText(rabiB(51, 4, 6.2, 3)),
      decodeResultText(rabiB(41, 5, 6.0, 8)),
    );
    expect(c.kind).toBe('curves');
    if (c.kind !== 'curves') return;
    expect(c.yLabel).toMatch(/population/);
    expect(c.difference.x.length).toBeGreaterThan(41);
    expect(c.difference.series[0]!.maxAbs).toBeLessThan(0.3);
  });

  it('overlays two T1 runs with their fitted curves and says both fitted T1s', () => {
    const c = compareModels(
      decodeResultText(t1B(41, 5000, 52_000)),
      decodeResultText(t1B(41, 5000, 30_000)),
    );
    if (c.kind !== 'curves') throw new Error(`expected curves, got ${c.kind}`);
    expect(c.overlay.series.map((s) => [s.label, s.markers])).toEqual([
      ['A: measured', true],
      ['B: measured', true],
      ['A: fit', false],
      ['B: fit', false],
    ]);
    expect(c.fitted?.label).toBe('T1');
    expect(c.fitted?.a).toMatch(/^5\d\.\d+ ± \d\.\d+ µs$/);
    expect(c.fitted?.b).toMatch(/^(2\d|3\d)\.\d+ ± \d\.\d+ µs$/);
    // The fitted curves start at the excited state (population 1) and decay apart.
    const fitA = c.overlay.series[2]!.y.filter((v): v is number => v !== null);
    expect(fitA[0]).toBeCloseTo(1, 1);
    // Every point of each fitted curve is on the overlay's axis, not only where the sweeps are.
    expect(fitA.length).toBeGreaterThan(300);
    const fitDiff = c.difference.series.find((s) => s.label === 'B − A: fit')!;
    expect(fitDiff.maxAbs).toBeGreaterThan(0.15);
  });

  it('says in words when the kinds do not match', () => {
    const c = compareModels(decodeResultText(rabiB()), decodeResultText(t1B()));
    expect(c).toMatchObject({ kind: 'mismatch' });
    if (c.kind === 'mismatch')
      expect(c.message).toMatch(/A holds Rabi oscillation and B holds T1 decay/);
    const d = compareModels(decodeResultText(UNKNOWN_RESULT), decodeResultText(bellSampling()));
    if (d.kind === 'mismatch') expect(d.message).toMatch(/A is a result no viewer knows/);
    else throw new Error('expected a mismatch');
  });
});

describe('comparison exports', () => {
  it('writes the bars of both sides and their difference', () => {
    const c = compareDistributions(
      'x',
      counts({ '00': 3, '11': 1 }),
      counts({ '00': 1, '11': 1 }),
      8,
    );
    expect(comparisonCsv(c, { a: 'sim', b: 'qpu' }).trimEnd().split('\r\n')).toEqual([
      'outcome,probability_sim,probability_qpu,difference_b_minus_a',
      '00,0.75,0.5,-0.25',
      '11,0.25,0.5,0.25',
    ]);
  });

  it('writes no cell a spreadsheet would run as a formula, and keeps numbers numbers', () => {
    // Outcomes and labels come from the service and from job names (issue 28, item 12).
    const c = compareDistributions(
      'x',
      counts({ '=HYPERLINK("https://evil.example","x")': 3, '@SUM(A1)': 1 }),
      counts({ '=HYPERLINK("https://evil.example","x")': 1, '-1+2': 1 }),
      8,
    );
    expect(comparisonCsv(c, { a: 'sim', b: 'qpu' }).trimEnd().split('\r\n')).toEqual([
      'outcome,probability_sim,probability_qpu,difference_b_minus_a',
      '"\'=HYPERLINK(""https://evil.example"",""x"")",0.75,0.5,-0.25',
      '"\'-1+2",0,0.5,0.5',
      '"\'@SUM(A1)",0.25,0,-0.25',
    ]);
    const values = { kind: 'values', what: 'x', rows: [{ label: '+cmd|calc', a: -0.5, b: 1 }] };
    expect(
      comparisonCsv(values as never, { a: '=job a', b: 'b' })
        .trimEnd()
        .split('\r\n'),
    ).toEqual(['observable,"\'=job a",b,difference_b_minus_a', '"\'+cmd|calc",-0.5,1,1.5']);
  });
});

describe('interpolation helpers', () => {
  it('merges two x axes with gaps where a curve has no point', () => {
    const m = mergeOnUnion([0, 2], [1, 3], [1, 2], [10, 20]);
    expect(Array.from(m.x)).toEqual([0, 1, 2]);
    expect(m.a).toEqual([1, null, 3]);
    expect(m.b).toEqual([null, 10, 20]);
  });

  it('builds a grid inside the overlap and interpolates linearly', () => {
    expect(Array.from(commonGrid([0, 1, 2, 3], [1.5, 2.5, 4]))).toEqual([1.5, 2, 2.5, 3]);
    expect(Array.from(commonGrid([0, 1], [2, 3]))).toEqual([]);
    expect(
      commonGrid(
        Float64Array.from({ length: 100 }, (_, i) => i),
        [0.5, 98.5],
        10,
      ),
    ).toHaveLength(10);
    expect(Array.from(interpolate([0, 10], [0, 100], [0, 2.5, 10]))).toEqual([0, 25, 100]);
  });
});
