import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshTimer, mustRenewBeforeUse } from '../../../../src/core/auth/refresh-timer';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function timer(leadMs = 60_000) {
  const due: number[] = [];
  const start = Date.now();
  const t = new RefreshTimer({ leadMs, now: Date.now, onDue: () => due.push(Date.now() - start) });
  return { t, due, start };
}

describe('RefreshTimer', () => {
  it('renews the lead time before expiry, at most a fifth of the lifetime early', async () => {
    const a = timer();
    a.t.beforeExpiry(a.start + 3_600_000);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(a.due).toEqual([3_540_000]);

    const b = timer();
    b.t.beforeExpiry(b.start + 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(b.due).toEqual([8_000]);
  });

  it('backs off after failures, and a fresh token starts the back-off over', async () => {
    const { t, due } = timer();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    for (let i = 0; i < 3; i++) {
      t.afterFailure();
      await vi.advanceTimersByTimeAsync(60_000);
    }
    const gaps = due.map((at, i) => at - (i === 0 ? 0 : 60_000 * i));
    expect(gaps).toEqual([750, 1_500, 3_000]);
    t.beforeExpiry(Date.now() + 3_600_000);
    t.afterFailure();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(due.at(-1)! - 180_000).toBe(750);
    t.clear();
  });

  it('does nothing after clear', async () => {
    const { t, due } = timer();
    t.afterFailure();
    t.clear();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(due).toEqual([]);
  });
});

describe('mustRenewBeforeUse', () => {
  it('renews within 5 s of expiry, or a tenth of a short lifetime', () => {
    expect(mustRenewBeforeUse({ receivedAt: 0, expiresAt: 3_600_000 }, 3_595_000)).toBe(true);
    expect(mustRenewBeforeUse({ receivedAt: 0, expiresAt: 3_600_000 }, 3_594_000)).toBe(false);
    expect(mustRenewBeforeUse({ receivedAt: 0, expiresAt: 2_000 }, 1_800)).toBe(true);
    expect(mustRenewBeforeUse({ receivedAt: 0, expiresAt: 2_000 }, 1_700)).toBe(false);
    // The lifetime is counted from receipt, not from the epoch.
    const t = 1_795_346_728_000;
    expect(mustRenewBeforeUse({ receivedAt: t, expiresAt: t + 2_000 }, t + 1_700)).toBe(false);
    expect(mustRenewBeforeUse({ receivedAt: t, expiresAt: t + 2_000 }, t + 1_800)).toBe(true);
  });
});
