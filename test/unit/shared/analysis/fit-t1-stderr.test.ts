import { describe, expect, it } from 'vitest';
import { fitT1 } from '../../../../src/shared/analysis';
import { seededNormal } from '../../../support/seeded-normal';

/**
 * The T1 fit's standard error, checked from both sides: over many seeded noisy datasets the
 * spread of the fitted T1 must match the standard error the fit reports (too large is as wrong
 * as too small), and the nominal 68 % interval must hold the truth about 68 % of the time.
 */

interface Scenario {
  name: string;
  t1: number;
  waits: number[];
  amplitude: number;
  offset: number;
  noise: number;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'a readout-signal decay (30 waits to 4 T1, 2 % noise)',
    t1: 35_000,
    waits: Array.from({ length: 30 }, (_, i) => i * 5_000),
    amplitude: 1.1,
    offset: -0.2,
    noise: 0.02,
  },
  {
    name: 'an excited-state population decay (60 waits to 3 T1, 5 % noise)',
    t1: 20_000,
    waits: Array.from({ length: 60 }, (_, i) => i * 1_000),
    amplitude: 1,
    offset: 0,
    noise: 0.05,
  },
];

const TRIALS = 200;

describe.each(SCENARIOS)('fitT1 standard error: $name', (s) => {
  // Computed in the first test that needs them (not while the file is collected), once.
  let computed: ReturnType<typeof compute> | null = null;
  const fits = () => (computed ??= compute());
  const compute = () =>
    Array.from({ length: TRIALS }, (_, trial) => {
      const noise = seededNormal(9_000 + trial);
      const ys = s.waits.map(
        (t) => s.offset + s.amplitude * Math.exp(-t / s.t1) + s.noise * noise(),
      );
      return fitT1(s.waits, ys);
    });

  it('matches the observed spread of the fitted T1 within a factor band', () => {
    const t1s = fits().map((f) => f.t1Ns);
    const mean = t1s.reduce((a, b) => a + b, 0) / TRIALS;
    const spread = Math.sqrt(t1s.reduce((a, b) => a + (b - mean) ** 2, 0) / (TRIALS - 1));
    const errors = fits().map((f) => f.t1StdErrNs);
    expect(errors.every((e) => e !== null && e > 0)).toBe(true);
    const reported = (errors as number[]).reduce((a, b) => a + b, 0) / TRIALS;
    const ratio = reported / spread;
    expect(ratio).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.33);
  });

  it('covers the true T1 with its ±1σ interval about 68 % of the time', () => {
    const covered = fits().filter((f) => Math.abs(f.t1Ns - s.t1) <= f.t1StdErrNs!).length;
    const rate = covered / TRIALS;
    expect(rate).toBeGreaterThan(0.55);
    expect(rate).toBeLessThan(0.8);
  });
});
