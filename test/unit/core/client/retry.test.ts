import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, resolveRetry } from '../../../../src/core/client/retry';
import { sleep } from '../../../../src/node-kit/timers/sleep';
import {
  DEFAULT_FLAGS,
  errorCheckQuery,
  endpointUrl,
  jobPath,
  resolveFlags,
  resolvePaths,
} from '../../../../src/core/client/endpoints';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T11:25:28Z');
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });
  it('reads an HTTP-date relative to now', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:25:31 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});

describe('backoffDelay', () => {
  it('grows exponentially with jitter inside [ceiling/2, ceiling] and is capped', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(0, policy, () => 0)).toBe(50);
    expect(backoffDelay(0, policy, () => 1)).toBe(100);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(600);
    expect(backoffDelay(10, policy, () => 1)).toBe(1000);
  });
});

describe('resolveRetry', () => {
  it('fills defaults and rejects nonsense', () => {
    expect(resolveRetry({ retries: 1 })).toMatchObject({
      retries: 1,
      statuses: [429, 502, 503, 504],
    });
    expect(() => resolveRetry({ retries: -1 })).toThrow();
  });
});

describe('sleep', () => {
  it('rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});

describe('endpoints', () => {
  it('keeps the API version segment of the base URL', () => {
    expect(endpointUrl('https://h/public-api/api/v1/', '/jobs').toString()).toBe(
      'https://h/public-api/api/v1/jobs',
    );
    expect(
      endpointUrl('https://h/api/v1', jobPath('/jobs/{id}', 7), DEFAULT_FLAGS.full).toString(),
    ).toBe('https://h/api/v1/jobs/7?payload=true&result=true&logs=true&error_logs=true&error=true');
  });
  it('applies per-profile overrides', () => {
    expect(resolvePaths({ login: '/auth' })).toMatchObject({
      login: '/auth',
      refresh: '/authorisation-tokens/refresh',
    });
    expect(() => resolvePaths({ job: '/jobs' })).toThrow(/\{id\}/);
    expect(resolveFlags({ full: { include: 'all' } })).toEqual({
      full: { include: 'all' },
      light: {},
    });
  });
  it('asks for the error text with the full lookup’s own flag, or the full lookup without one', () => {
    expect(errorCheckQuery(resolveFlags())).toEqual({ error: 'true' });
    expect(errorCheckQuery(resolveFlags({ light: { error: 'false', logs: 'false' } }))).toEqual({
      error: 'true',
      logs: 'false',
    });
    expect(errorCheckQuery(resolveFlags({ full: { include: 'all' } }))).toEqual({
      include: 'all',
    });
  });
});
