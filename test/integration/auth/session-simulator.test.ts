import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { Session } from '../../../src/core/auth/session';
import type { SessionSnapshot } from '../../../src/core/auth/session-state';
import type { FetchLike } from '../../../src/core/client/transport';
import { createServiceClient } from '../../../src/core/client/service-client';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';

/**
 * The session against the simulator's real token service: short-lived access tokens are
 * renewed before they expire, a token the service no longer accepts is renewed once for any
 * number of concurrent calls, and a refresh token it refuses ends the session.
 */

let sim: SimulatorHandle;
const calls: { method: string; path: string }[] = [];
const countingFetch: FetchLike = (url, init) => {
  calls.push({ method: init.method ?? 'GET', path: new URL(url).pathname });
  return fetch(url, init);
};
const refreshes = () =>
  calls.filter((c) => c.path.endsWith('/authorisation-tokens/refresh')).length;

function newSession(store = new MemorySecretStore(), refreshLeadMs = 60_000) {
  const client = createServiceClient({ baseUrl: sim.url, variant: 'A', fetch: countingFetch });
  return new Session({ client, profile: 'sim', audience: 'any', store, refreshLeadMs });
}

beforeAll(async () => {
  sim = await startSimulator({ variant: 'A', tokenTtlSeconds: 3, onProblem: () => undefined });
});
afterAll(async () => {
  await sim.stop();
});

describe('Session against the simulator', () => {
  it('renews a short-lived token shortly before it expires, without a failed call', async () => {
    const session = newSession();
    const states: SessionSnapshot['state'][] = [];
    session.on('state', (s) => states.push(s.state));
    await session.login('demo', 'demo');
    const first = session.whoami()!.expiresAt;
    const before = refreshes();
    await new Promise((r) => setTimeout(r, 3_500));
    expect(refreshes()).toBeGreaterThan(before);
    expect(session.whoami()!.expiresAt > first).toBe(true);
    expect(states).toContain('refreshing');
    expect(session.state).toBe('active');
    const failedBefore = calls.length;
    expect((await session.client.listDevices()).length).toBeGreaterThan(0);
    expect(calls.length - failedBefore).toBe(1);
    session.dispose();
  });

  it('ten concurrent calls with an expired token cause one refresh', async () => {
    // A lead of 0 and a stored token that is already past its expiry: every call starts stale.
    const store = new MemorySecretStore();
    const first = newSession(store, 0);
    await first.login('demo', 'demo');
    first.dispose();
    await new Promise((r) => setTimeout(r, 3_200));
    const later = newSession(store, 0);
    await later.restore();
    const before = refreshes();
    const results = await Promise.all(Array.from({ length: 10 }, () => later.client.listJobs()));
    expect(results).toHaveLength(10);
    expect(refreshes() - before).toBe(1);
    later.dispose();
  });

  it('a refresh token the service refuses ends the session', async () => {
    const store = new MemorySecretStore();
    const session = newSession(store);
    await session.login('demo', 'demo');
    session.dispose();
    // Tamper with the kept refresh token, as a revoked one would look to the service.
    const kept = JSON.parse((await store.get('sim:demo'))!) as Record<string, unknown>;
    await store.set(
      'sim:demo',
      JSON.stringify({ ...kept, refreshToken: 'not-a-refresh-token', expiresAt: 0 }),
    );
    const restored = newSession(store);
    await restored.restore();
    const ended: string[] = [];
    restored.on('ended', (e) => ended.push(e.message));
    const error = await restored.client.listDevices().catch((e: unknown) => e as Error);
    expect((error as { code?: string }).code).toBe('auth');
    expect((error as Error).message).toMatch(
      /The session has ended: the service refused to renew the login \(HTTP 401/,
    );
    expect(ended).toHaveLength(1);
    expect(restored.state).toBe('expired');
    expect(await store.get('sim:demo')).toBeNull();
    restored.dispose();
  });
});
