import { describe, expect, it } from 'vitest';
import { decodeResultText } from '../../../../../src/renderer/state/results/decode';
import { binAverage, population } from '../../../../../src/shared/analysis/experiment-analysis';
import {
  formatNs,
  formatNsWithError,
  formatResidual,
  formatWithError,
} from '../../../../../src/shared/results/format';
import { rabiA, rabiB, rabiPoints, t1B } from './fixtures';

describe('experiment analysis', () => {
  it('fits the π pulse of a Rabi sweep (6.2 MHz → 80.6 ns)', () => {
    const m = decodeResultText(rabiB(51, 4, 6.2));
    if (m.kind !== 'experiment') throw new Error(m.kind);
    expect(m.analysis.fit?.kind).toBe('rabi');
    if (m.analysis.fit?.kind !== 'rabi') return;
    expect(m.analysis.fit.fit.piPulseNs).toBeCloseTo(1000 / (2 * 6.2), 0);
    expect(m.analysis.curve?.x).toHaveLength(400);
    const p = population('rabi', m.analysis);
    expect(p[0]).toBeLessThan(0.15);
    expect(Math.max(...p)).toBeGreaterThan(0.85);
  });

  it('fits T1 with its uncertainty (52 µs)', () => {
    const m = decodeResultText(t1B(41, 5000, 52000));
    if (m.kind !== 'experiment' || m.analysis.fit?.kind !== 't1') throw new Error('no T1 fit');
    const { t1Ns, t1StdErrNs } = m.analysis.fit.fit;
    expect(Math.abs(t1Ns - 52000)).toBeLessThan(4 * (t1StdErrNs ?? 5000));
    expect(t1StdErrNs).toBeGreaterThan(0);
    const p = population('t1', m.analysis);
    expect(p[0]).toBeGreaterThan(0.85);
    expect(p.at(-1)).toBeLessThan(0.15);
  });

  it('sorts an unsorted sweep before drawing and fitting', () => {
    const text = rabiA().replace(
      /values:\n\s+- \[ ([^\]]*) \]/,
      (_m, list: string) => `values:\n      - [ ${list.split(', ').reverse().join(', ')} ]`,
    );
    const m = decodeResultText(text);
    if (m.kind !== 'experiment') throw new Error(m.kind);
    expect(m.analysis.x[0]).toBe(0);
    expect(m.analysis.x.every((v, i, a) => i === 0 || a[i - 1]! <= v)).toBe(true);
  });

  it('says why when there is nothing to fit', () => {
    const flat = `!RabiExperimentResult\ndrive_pulse_duration: [0, 1, 2, 3, 4, 5]\ns21: ${JSON.stringify(Array(6).fill(0)).replace(/0/g, '!complex {real: 1, imag: 0}')}\n`;
    const m = decodeResultText(flat);
    if (m.kind !== 'experiment') throw new Error(m.kind === 'tree' ? String(m.reason) : m.kind);
    expect(m.analysis.fit).toBeNull();
    expect(m.analysis.fitError).toMatch(/No Rabi oscillation could be fitted/);
  });

  it('bins long sweeps for the fit', () => {
    const b = binAverage([0, 1, 2, 3], [0, 2, 4, 6], 2);
    expect(b).toEqual({ x: [0.5, 2.5], y: [1, 5] });
  });

  it('formats durations in the unit that reads best', () => {
    expect(formatNs(80.64)).toBe('80.64 ns');
    expect(formatNs(52000)).toBe('52 µs');
    expect(formatNsWithError(52340, 1210)).toBe('52.3 ± 1.2 µs');
  });

  it('rounds a value to what its uncertainty says', () => {
    expect(formatNsWithError(264.38, 31.2)).toBe('264 ± 31 ns');
    expect(formatNsWithError(80.6452, 0.0873)).toBe('80.645 ± 0.087 ns');
    expect(formatNsWithError(392_200, 18_400)).toBe('392 ± 18 µs');
    expect(formatWithError(1234.5, 160, 'ns')).toBe('1230 ± 160 ns');
    expect(formatWithError(1.891, null, 'MHz')).toBe('1.891 MHz');
  });

  it('reads a noiseless fit as exact, not as digits of numerical noise', () => {
    // The exact simulator's Rabi curve (10 MHz): nothing but the model, no shot noise.
    const d = Array.from({ length: 41 }, (_, i) => i * 5);
    const exact = `!RabiExperimentResult\ndrive_pulse_duration: [ ${d.join(', ')} ]\ns21:\n${rabiPoints(
      d,
      10,
      3,
      0,
    )
      .map((p) => `  - ${p}`)
      .join('\n')}\n`;
    const m = decodeResultText(exact);
    if (m.kind !== 'experiment' || m.analysis.fit?.kind !== 'rabi') throw new Error('no Rabi fit');
    const f = m.analysis.fit.fit;
    expect(formatNsWithError(f.piPulseNs, f.piPulseStdErrNs)).toBe('50 ns ± < 1 ppm');
    expect(formatResidual(f.residualRms, f.amplitude)).toBe('≈ 0 (an exact fit)');
    expect(formatResidual(0.0286, 1.43)).toBe('0.029 (2 % of the amplitude)');
  });
});
