import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../../src/core/auth/memory-secret-store';
import { ActiveConnection } from '../../../../src/core/app/active-connection';
import { createEventHub } from '../../../../src/core/app/event-hub';
import type { LinkSnapshot } from '../../../../src/core/app/link-health';
import { LinkHealth, observeReach, reachOutcome } from '../../../../src/core/app/link-health';
import { createServiceClient } from '../../../../src/core/client/service-client';
import { ServiceError } from '../../../../src/core/client/errors';
import { silentLogger } from '../../../../src/core/logging/logger';
import type { EventPayload } from '../../../../src/shared/ipc/contract';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import { DEVICES_BODY, jobInfo, wireJobList, wireToken } from '../../../support/wire-fixtures';

const networkError = () =>
  new ServiceError({ code: 'network', operation: 'listing jobs', detail: 'ECONNREFUSED' });

describe('reachOutcome', () => {
  it('calls network, timeout, 5xx and 429 unreachable, any other answer reached, a call never sent silent', () => {
    expect(reachOutcome(networkError())).toBe('unreachable');
    expect(reachOutcome(new ServiceError({ code: 'timeout', operation: 'x' }))).toBe('unreachable');
    expect(reachOutcome(new ServiceError({ code: 'http', operation: 'x', status: 503 }))).toBe(
      'unreachable',
    );
    expect(reachOutcome(new ServiceError({ code: 'http', operation: 'x', status: 429 }))).toBe(
      'unreachable',
    );
    expect(reachOutcome(new ServiceError({ code: 'http', operation: 'x', status: 404 }))).toBe(
      'reached',
    );
    expect(reachOutcome(new ServiceError({ code: 'decode', operation: 'x' }))).toBe('reached');
    expect(reachOutcome(new ServiceError({ code: 'aborted', operation: 'x' }))).toBe('silent');
    expect(reachOutcome(new ServiceError({ code: 'invalid-request', operation: 'x' }))).toBe(
      'silent',
    );
  });
});

describe('LinkHealth', () => {
  const tracker = (retryAt: string | null = null) => {
    const seen: LinkSnapshot[] = [];
    const health = new LinkHealth(
      (s) => seen.push(s),
      () => retryAt,
    );
    return { health, seen };
  };

  it('goes offline on a failed call, with the reason and the next attempt, and back on an answer', () => {
    const { health, seen } = tracker('2026-11-22T11:30:00.000Z');
    health.settle(health.begin(), 'reached');
    expect(seen).toEqual([]);
    health.settle(health.begin(), 'unreachable', 'listing jobs: connection refused');
    expect(health.snapshot).toEqual({
      state: 'offline',
      message: 'listing jobs: connection refused',
      retryAt: '2026-11-22T11:30:00.000Z',
    });
    // The same failure again changes nothing: no repeated event.
    health.settle(health.begin(), 'unreachable', 'listing jobs: connection refused');
    expect(seen).toHaveLength(1);
    health.settle(health.begin(), 'reached');
    expect(seen.map((s) => s.state)).toEqual(['offline', 'online']);
    expect(health.snapshot).toEqual({ state: 'online', message: null, retryAt: null });
  });

  it('does not take an answer to a call older than the failure as recovery', () => {
    const { health } = tracker();
    const slow = health.begin();
    const failed = health.begin();
    health.settle(failed, 'unreachable', 'down');
    health.settle(slow, 'reached');
    expect(health.snapshot.state).toBe('offline');
    health.settle(health.begin(), 'reached');
    expect(health.snapshot.state).toBe('online');
  });

  it('ignores aborted calls', () => {
    const { health, seen } = tracker();
    health.settle(health.begin(), 'silent');
    expect(seen).toEqual([]);
  });
});

/** A fake service that can be switched off; it answers logins, devices and the job list. */
function switchableService() {
  const state = { down: false };
  const fetch = fakeFetch((req) => {
    if (state.down) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    if (req.path === '/authorisation-tokens') return jsonResponse(wireToken());
    if (req.path === '/devices') return jsonResponse(DEVICES_BODY);
    if (req.path === '/jobs') return jsonResponse(wireJobList('B', [jobInfo(1, 'completed')]));
    return jsonResponse({ message: 'not found' }, 404);
  });
  return { fetch, state };
}

describe('observeReach', () => {
  it('reports every observed call of the client and passes answers and errors through', async () => {
    const { fetch, state } = switchableService();
    const health = new LinkHealth(() => undefined);
    const client = observeReach(
      createServiceClient({ baseUrl: BASE_URL, variant: 'B', fetch, retry: { retries: 0 } }),
      health,
    );
    expect(client.variant).toBe('B');
    expect(await client.listDevices()).toHaveLength(1);
    state.down = true;
    await expect(client.listJobs()).rejects.toMatchObject({ code: 'network' });
    expect(health.snapshot.state).toBe('offline');
    state.down = false;
    // A 404 is an answer: the service is there.
    await expect(client.getJob(7)).rejects.toMatchObject({ status: 404 });
    expect(health.snapshot.state).toBe('online');
  });
});

describe('ActiveConnection', () => {
  let connection: ActiveConnection | null = null;
  afterEach(() => connection?.dispose());

  it('emits connection.changed when any call fails to reach the service, and again when one succeeds', async () => {
    const { fetch, state } = switchableService();
    const events = createEventHub();
    const links: EventPayload<'connection.changed'>[] = [];
    events.on('connection.changed', (e) => links.push(e));
    connection = new ActiveConnection({
      profile: {
        id: 'test',
        name: 'Test',
        variant: 'B',
        baseUrl: BASE_URL,
      },
      fetch,
      store: new MemorySecretStore(),
      events,
      log: silentLogger,
      deviceRefreshMs: 60_000,
    });
    await connection.session.login('demo', 'demo');
    // The device timer's first look, made on login, answers: still online, nothing emitted.
    await expect.poll(() => fetch.count('GET', '/devices')).toBe(1);
    expect(links).toEqual([]);
    expect(connection.link.state).toBe('online');

    state.down = true;
    // What jobs.list does: the service is asked through the connection's client.
    await expect(connection.client.listJobs()).rejects.toMatchObject({ code: 'network' });
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ profileId: 'test', state: 'offline' });
    expect(links[0]!.message).toMatch(/listing jobs/i);
    // The device timer will try again: that is when the link is looked at next.
    expect(Date.parse(links[0]!.retryAt!)).toBeGreaterThan(Date.now());
    await expect(connection.devices(true)).rejects.toMatchObject({ code: 'network' });
    expect(connection.link.state).toBe('offline');

    state.down = false;
    await connection.devices(true);
    expect(links.at(-1)).toEqual({
      profileId: 'test',
      state: 'online',
      message: null,
      retryAt: null,
    });
    expect(connection.link).toEqual({ state: 'online', message: null, retryAt: null });
  });
});
