import { describe, expect, it } from 'vitest';
import { projectS21 } from '../../../../src/shared/analysis';

const ground = { re: 0.8, im: -0.3 };
const excited = { re: -0.2, im: 0.6 };
const at = (p: number, perp = 0): { re: number; im: number } => {
  const dr = excited.re - ground.re;
  const di = excited.im - ground.im;
  const d = Math.hypot(dr, di);
  return { re: ground.re + p * dr - (perp * di) / d, im: ground.im + p * di + (perp * dr) / d };
};

describe('projectS21', () => {
  it('with reference points returns the excited population, ignoring the perpendicular part', () => {
    const ps = [0, 0.25, 0.5, 1];
    const out = projectS21(
      ps.map((p, i) => at(p, 0.05 * (i % 2 ? 1 : -1))),
      { ground, excited },
    );
    out.forEach((v, i) => expect(v).toBeCloseTo(ps[i]!, 12));
  });

  it('without references projects on the principal axis: linear in the population', () => {
    const ps = [0.1, 0.9, 0.3, 0.7, 0.5];
    const out = projectS21(ps.map((p) => at(p)));
    // Affine in p with |slope| = |excited − ground| and the first point on the negative side.
    const slope = (out[1]! - out[0]!) / (ps[1]! - ps[0]!);
    ps.forEach((p, i) => expect(out[i]).toBeCloseTo(out[0]! + slope * (p - ps[0]!), 12));
    expect(Math.abs(slope)).toBeCloseTo(Math.hypot(1, 0.9), 12);
    expect(out[0]).toBeLessThanOrEqual(0);
    expect(out.reduce((s, v) => s + v, 0)).toBeCloseTo(0, 12);
  });

  it('rejects coinciding references', () => {
    expect(() => projectS21([ground], { ground, excited: ground })).toThrow(/coincide/);
  });
});
