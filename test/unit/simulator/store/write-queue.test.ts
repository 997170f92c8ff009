import { describe, expect, it } from 'vitest';
import { WriteQueue } from '../../../../src/simulator/store/write-queue';

describe('WriteQueue', () => {
  it('writes in order and merges what piles up during a write', async () => {
    const written: string[] = [];
    const q = new WriteQueue<string>(
      (a, b) => (a ?? '') + b,
      async (d) => {
        await new Promise((r) => setTimeout(r, 5));
        written.push(d);
      },
    );
    await Promise.all([q.push('a'), q.push('b'), q.push('c')]);
    expect(written.join('')).toBe('abc');
    expect(written.length).toBeLessThanOrEqual(2);
  });

  it('reports a failed write to its caller and retries the data with the next push', async () => {
    let fail = true;
    const written: string[] = [];
    const q = new WriteQueue<string>(
      (a, b) => (a ?? '') + b,
      async (d) => {
        if (fail) throw new Error('disk full');
        written.push(d);
      },
    );
    await expect(q.push('x')).rejects.toThrow('disk full');
    fail = false;
    await q.push('y');
    expect(written).toEqual(['xy']);
  });
});
