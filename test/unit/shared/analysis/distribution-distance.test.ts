import { describe, expect, it } from 'vitest';
import {
  hellingerDistance,
  hellingerFidelity,
  toProbabilities,
  totalVariationDistance,
} from '../../../../src/shared/analysis';

describe('distribution distances', () => {
  it('are 0 / fidelity 1 for the same distribution at any scale', () => {
    const a = { '00': 480, '11': 520 };
    const b = new Map([
      ['11', 52],
      ['00', 48],
    ]);
    expect(totalVariationDistance(a, b)).toBeCloseTo(0, 15);
    expect(hellingerFidelity(a, b)).toBeCloseTo(1, 15);
    expect(hellingerDistance(a, b)).toBeCloseTo(0, 7);
  });

  it('are maximal for disjoint distributions', () => {
    expect(totalVariationDistance({ '0': 10 }, { '1': 3 })).toBe(1);
    expect(hellingerFidelity({ '0': 10 }, { '1': 3 })).toBe(0);
    expect(hellingerDistance({ '0': 10 }, { '1': 3 })).toBe(1);
  });

  it('match hand-computed values', () => {
    const p = { a: 0.5, b: 0.5 };
    const q = { a: 0.9, b: 0.1 };
    expect(totalVariationDistance(p, q)).toBeCloseTo(0.4, 15);
    const bc = Math.sqrt(0.45) + Math.sqrt(0.05);
    expect(hellingerFidelity(p, q)).toBeCloseTo(bc * bc, 15);
    expect(hellingerDistance(p, q)).toBeCloseTo(Math.sqrt(1 - bc), 15);
  });

  it('refuses empty or negative counts', () => {
    expect(() => toProbabilities({})).toThrow(/empty/);
    expect(() => toProbabilities({ a: -1, b: 2 })).toThrow(/non-negative/);
  });
});
