import { describe, expect, it } from 'vitest';
import {
  rankAll,
  topKIndices,
  topKWithRest,
} from '../../../../../src/renderer/features/result-viewers/model/top-k';
import { seeded } from './fixtures';

describe('top-K outcomes with the rest summed', () => {
  it('ranks by value, ties by original order', () => {
    expect(Array.from(topKIndices([3, 9, 3, 1, 9], 3))).toEqual([1, 4, 0]);
    expect(Array.from(topKIndices([1, 2], 5))).toEqual([1, 0]);
    expect(Array.from(topKIndices([1, 2], 0))).toEqual([]);
  });

  it('sums everything below the top K into one rest', () => {
    const r = topKWithRest(['a', 'b', 'c', 'd'], [5, 1, 7, 2], 2);
    expect(r.top.map((t) => t.key)).toEqual(['c', 'a']);
    expect(r.rest).toEqual({ outcomes: 2, value: 3 });
    expect(topKWithRest(['a'], [1], 5).rest).toBeNull();
  });

  it('handles 2^20 outcomes: the right top 64 and an exact rest, fast', () => {
    const n = 2 ** 20;
    const random = seeded(11);
    const values = new Float64Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) {
      values[i] = 1 + Math.floor(random() * 50);
      total += values[i]!;
    }
    const keys = Array.from({ length: n }, (_, i) => i.toString(2).padStart(20, '0'));
    // How fast this is, is bench/result-viewer.bench.ts's question; this one checks the answer.
    const r = topKWithRest(keys, values, 64);
    const expected = Array.from(values.keys())
      .sort((a, b) => values[b]! - values[a]! || a - b)
      .slice(0, 64);
    expect(r.top.map((t) => t.index)).toEqual(expected);
    expect(r.rest!.outcomes).toBe(n - 64);
    expect(r.rest!.value + r.top.reduce((s, t) => s + t.value, 0)).toBe(total);
  });

  it('orders every outcome: counting sort for integer counts, comparison sort otherwise', () => {
    expect(Array.from(rankAll([2, 0, 5, 2, 1]))).toEqual([2, 0, 3, 4, 1]);
    expect(Array.from(rankAll([0.2, 0.5, 0.2, 0.1]))).toEqual([1, 0, 2, 3]);
    expect(Array.from(rankAll([]))).toEqual([]);
  });
});
