import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { Session } from '../../../src/core/auth/session';
import type { ServiceError } from '../../../src/core/client/errors';
import { createServiceClient } from '../../../src/core/client/service-client';
import type { WaitProgress } from '../../../src/core/jobs/wait';
import { waitForJob } from '../../../src/core/jobs/wait';
import type { Behaviour, FaultyServer, RecordedRequest } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import {
  DEVICES_BODY,
  SAMPLING_PAYLOAD_B,
  jobInfo,
  wireJobDetail,
  wireJobList,
  wireToken,
} from '../../support/wire-fixtures';

/**
 * A service that misbehaves for a while, on a real HTTP server on loopback: storms of 5xx
 * answers with and without Retry-After, answers that take their time, and a clock that
 * disagrees with the service's. The client rides them out, says what is wrong when it cannot,
 * never submits a job twice, and never renews a login in a loop.
 */

let server: FaultyServer;
beforeEach(async () => {
  server = await startFaultyServer();
  server.route('POST', '/authorisation-tokens', json(wireToken({ access: 'A1', refresh: 'R1' })));
});
afterEach(async () => {
  await server.close();
});

async function sessionFor(
  options: { timeoutMs?: number; retries?: number; now?: () => number } = {},
): Promise<Session> {
  const bare = createServiceClient({
    baseUrl: server.url,
    variant: 'B',
    fetch: (url, init) => fetch(url, init),
    timeoutMs: options.timeoutMs ?? 5_000,
    retry: { retries: options.retries ?? 3, baseDelayMs: 20, maxDelayMs: 100 },
  });
  const session = new Session({
    client: bare,
    profile: 'flaky',
    audience: 'test',
    store: new MemorySecretStore(),
    ...(options.now ? { now: options.now } : {}),
  });
  await session.login('alice', 'key');
  return session;
}

const to = (path: string) => (r: RecordedRequest) => r.path === server.prefix + path;
const gaps = (requests: RecordedRequest[]) =>
  requests.slice(1).map((r, i) => r.at - requests[i]!.at);

/** The job list: `storm` first, then job 5 running once and completed after that. */
function jobsAfter(storm: Behaviour[]): void {
  server.route('GET', '/jobs', [
    ...storm,
    json(wireJobList('B', [jobInfo(5, 'running')])),
    json(wireJobList('B', [jobInfo(5, 'completed', { completed_at: '2026-11-22T11:30:00Z' })])),
  ]);
  server.route('GET', '/jobs/5', json(wireJobDetail('B', jobInfo(5, 'completed'))));
}

describe('5xx storms', () => {
  it('without Retry-After: the watcher backs off, reports reconnecting, and sees the job end', async () => {
    const session = await sessionFor();
    const storm = [500, 502, 503, 504, 500, 502, 503, 504].map((status) =>
      json({ message: `upstream trouble ${status}` }, status),
    );
    jobsAfter(storm);
    const progress: WaitProgress[] = [];
    const result = await waitForJob(session.client, 5, {
      intervalMs: 50,
      timeoutMs: 30_000,
      onProgress: (p) => progress.push(p),
    });
    expect(result.status).toBe('completed');
    const connection = progress.flatMap((p) => (p.type === 'connection' ? [p] : []));
    expect(connection.map((c) => c.state)).toEqual(['reconnecting', 'reconnecting', 'online']);
    expect(connection[0]!.message).toMatch(
      /^Listing jobs failed: HTTP 50\d: upstream trouble 50\d\.$/,
    );
    expect(server.count('GET', '/jobs')).toBe(storm.length + 2);
    session.dispose();
  });

  it('with Retry-After: each repeat waits as long as the service asked', async () => {
    const session = await sessionFor({ retries: 2 });
    jobsAfter([1, 2, 3].map(() => json({ message: 'busy' }, 503, { 'retry-after': '1' })));
    const result = await waitForJob(session.client, 5, { intervalMs: 50, timeoutMs: 30_000 });
    expect(result.status).toBe('completed');
    const asked = server.requests.filter(to('/jobs'));
    // Never sooner than the second the service asked for (a lower bound: no timing guess).
    for (const gap of gaps(asked.slice(0, 4))) expect(gap).toBeGreaterThanOrEqual(950);
    session.dispose();
  });

  it('a submit in a storm is sent once and says what happened, whatever the service asks', async () => {
    const session = await sessionFor();
    server.route('POST', '/execute', [
      json({ message: 'overloaded' }, 503, { 'retry-after': '1' }),
      json({ detail: 'bad gateway' }, 502),
    ]);
    const first = (await session.client
      .execute(SAMPLING_PAYLOAD_B, { deviceCode: 'sim-1' })
      .catch((e: unknown) => e)) as ServiceError;
    expect(first.message).toBe(
      'Submitting the job failed: HTTP 503: overloaded; the service asks to retry after 1 s.',
    );
    const second = (await session.client
      .execute(SAMPLING_PAYLOAD_B, { deviceCode: 'sim-1' })
      .catch((e: unknown) => e)) as ServiceError;
    expect(second.message).toBe('Submitting the job failed: HTTP 502: bad gateway.');
    // One request per submit: a 5xx is never repeated for a POST.
    expect(server.count('POST', '/execute')).toBe(2);
    session.dispose();
  });
});

describe('a slow service', () => {
  const slow = (ms: number, then: Behaviour): Behaviour => ({ kind: 'delay', ms, then });

  it('answers late but within the time-out: everything works, nothing is asked twice', async () => {
    server.route(
      'POST',
      '/authorisation-tokens',
      slow(800, json(wireToken({ access: 'A1', refresh: 'R1' }))),
    );
    server.route('GET', '/devices', slow(800, json(DEVICES_BODY)));
    server.route('POST', '/execute', slow(800, json({ id: 5 })));
    jobsAfter([]);
    const session = await sessionFor({ timeoutMs: 5_000 });
    expect((await session.client.listDevices()).map((d) => d.code)).toEqual(['sim-1']);
    const outcome = await session.client.execute(SAMPLING_PAYLOAD_B, { deviceCode: 'sim-1' });
    expect(outcome.jobId.id).toBe(5);
    expect((await waitForJob(session.client, 5, { intervalMs: 50 })).status).toBe('completed');
    expect([
      server.count('POST', '/authorisation-tokens'),
      server.count('GET', '/devices'),
      server.count('POST', '/execute'),
    ]).toEqual([1, 1, 1]);
    session.dispose();
  });

  it('a submit slower than the time-out is not repeated; the person is told to check the list', async () => {
    const session = await sessionFor({ timeoutMs: 500 });
    // The service creates the job, but answers too late.
    server.route('POST', '/execute', slow(1_500, json({ id: 9 })));
    server.route('GET', '/jobs', json(wireJobList('B', [jobInfo(9, 'queued')])));
    const error = (await session.client
      .execute(SAMPLING_PAYLOAD_B, { deviceCode: 'sim-1' })
      .catch((e: unknown) => e)) as ServiceError;
    expect([error.code, error.outcome]).toEqual(['timeout', 'unknown']);
    expect(error.message).toMatch(/^Submitting the job failed: the service did not answer in time/);
    expect(server.count('POST', '/execute')).toBe(1);
    // The job the service made is there to find: the list, not a second submit, tells.
    expect((await session.client.listJobs()).map((j) => j.id)).toEqual([9]);
    session.dispose();
  });
});

describe('clock skew against token expiry', () => {
  const HOUR = 3_600_000;

  it.each([
    ['two hours ahead', 2 * HOUR],
    ['two hours behind', -2 * HOUR],
  ])(
    'a local clock %s: the token lasts its expiresIn from receipt, no early renewal',
    async (_name, skew) => {
      server.route('GET', '/devices', (req) =>
        req.headers.authorization === 'Bearer A1'
          ? json(DEVICES_BODY)
          : json({ message: 'expired' }, 401),
      );
      const session = await sessionFor({ now: () => Date.now() + skew });
      const expiresAt = Date.parse(session.whoami()!.expiresAt);
      expect(Math.abs(expiresAt - (Date.now() + skew + HOUR))).toBeLessThan(60_000);
      await session.client.listDevices();
      await session.client.listDevices();
      expect(server.count('POST', '/authorisation-tokens/refresh')).toBe(0);
      session.dispose();
    },
  );

  it('a service whose clock is ahead expires the token early: one renewal, the call repeated once', async () => {
    server.route(
      'POST',
      '/authorisation-tokens/refresh',
      json(wireToken({ access: 'A2', refresh: null })),
    );
    server.route('GET', '/devices', (req) =>
      req.headers.authorization === 'Bearer A2'
        ? json(DEVICES_BODY)
        : json({ message: 'token expired' }, 401),
    );
    const session = await sessionFor();
    expect(await session.client.listDevices()).toHaveLength(1);
    expect([
      server.count('POST', '/authorisation-tokens/refresh'),
      server.count('GET', '/devices'),
    ]).toEqual([1, 2]);
    session.dispose();
  });

  it('a service that finds every token expired gets one renewal per call, never a loop', async () => {
    let n = 1;
    server.route('POST', '/authorisation-tokens/refresh', () =>
      json(wireToken({ access: `A${++n}`, refresh: `R${n}` })),
    );
    server.route('GET', '/devices', json({ message: 'token expired', code: 'token_expired' }, 401));
    const session = await sessionFor();
    for (let i = 0; i < 3; i++) {
      const error = (await session.client.listDevices().catch((e: unknown) => e)) as ServiceError;
      expect(error.code).toBe('auth');
      expect(error.message).toMatch(/HTTP 401: token expired \(token_expired\)\. Log in again\.$/);
    }
    expect(server.count('POST', '/authorisation-tokens/refresh')).toBe(3);
    expect(server.count('GET', '/devices')).toBe(6);
    session.dispose();
  });
});
