import { describe, expect, it } from 'vitest';
import { fitRabi } from '../../../../src/shared/analysis';
import { seededNormal } from '../../../support/seeded-normal';

/**
 * The Rabi fit's standard error of the π pulse, checked from both sides as the T1 fit's is:
 * over many seeded noisy sweeps the reported error must match the spread of the fitted π
 * pulse, and the ±1σ interval must hold the truth about 68 % of the time. A wrong column of
 * the Jacobian leaves the fit itself right but its error wrong; this is what catches it.
 */

const TRIALS = 150;
const ts = Array.from({ length: 81 }, (_, i) => i * 5); // 0..400 ns; f = 12.5 MHz: π pulse 40 ns

describe.each([
  ['undamped', Infinity],
  ['damped (600 ns)', 600],
])('fitRabi standard error, %s', (_name, decayNs) => {
  // Computed in the first test that needs them (not while the file is collected), once.
  let computed: ReturnType<typeof compute> | null = null;
  const fits = () => (computed ??= compute());
  const compute = () =>
    Array.from({ length: TRIALS }, (_, trial) => {
      const noise = seededNormal(7_000 + trial);
      const ys = ts.map(
        (t) =>
          0.5 - 0.4 * Math.cos(2 * Math.PI * 0.0125 * t) * Math.exp(-t / decayNs) + 0.03 * noise(),
      );
      return fitRabi(ts, ys);
    });

  it('matches the observed spread of the fitted π pulse within a factor band', () => {
    const pis = fits().map((f) => f.piPulseNs);
    const mean = pis.reduce((a, b) => a + b, 0) / TRIALS;
    const spread = Math.sqrt(pis.reduce((a, b) => a + (b - mean) ** 2, 0) / (TRIALS - 1));
    expect(mean).toBeCloseTo(40, 1);
    const reported = fits().reduce((a, f) => a + f.piPulseStdErrNs!, 0) / TRIALS;
    expect(reported / spread).toBeGreaterThan(0.75);
    expect(reported / spread).toBeLessThan(1.33);
  });

  it('covers the true π pulse with its ±1σ interval about 68 % of the time', () => {
    const rate =
      fits().filter((f) => Math.abs(f.piPulseNs - 40) <= f.piPulseStdErrNs!).length / TRIALS;
    expect(rate).toBeGreaterThan(0.55);
    expect(rate).toBeLessThan(0.8);
  });

  if (decayNs !== Infinity) {
    it('finds the decay', () => {
      const times = fits().map((f) => f.decay?.timeNs ?? Infinity);
      const median = [...times].sort((a, b) => a - b)[TRIALS / 2]!;
      expect(median / decayNs).toBeGreaterThan(0.9);
      expect(median / decayNs).toBeLessThan(1.1);
    });
  }
});
