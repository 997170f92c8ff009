import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { Session } from '../../../src/core/auth/session';
import type { ServiceClient } from '../../../src/core/client/types';
import type { ServiceError } from '../../../src/core/client/errors';
import { createServiceClient } from '../../../src/core/client/service-client';
import { waitForJob } from '../../../src/core/jobs/wait';
import { encodeBase64Text, formatHttpDate } from '../../../src/shared/wire';
import type { FaultyServer } from '../../support/faulty-server';
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
 * The client against a real HTTP server that misbehaves on cue. Each fault ends in a clear
 * error or a recovery; nothing crashes; nothing is submitted twice (counted server-side).
 */

let server: FaultyServer;
let client: ServiceClient<'B'>;

async function loggedIn(
  options: { timeoutMs?: number; retries?: number; deadlineMs?: number } = {},
) {
  const bare = createServiceClient({
    baseUrl: server.url,
    variant: 'B',
    fetch: (url, init) => fetch(url, init),
    timeoutMs: options.timeoutMs ?? 5_000,
    ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
    retry: { retries: options.retries ?? 3, baseDelayMs: 20, maxDelayMs: 100 },
  });
  const session = new Session({
    client: bare,
    profile: 'faulty',
    audience: 'test',
    store: new MemorySecretStore(),
  });
  await session.login('alice', 'key');
  return session;
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected a failure');
}

beforeEach(async () => {
  server = await startFaultyServer();
  server.route('POST', '/authorisation-tokens', json(wireToken({ access: 'A1', refresh: 'R1' })));
  client = (await loggedIn()).client as ServiceClient<'B'>;
});
afterEach(async () => {
  await server.close();
});

describe('transient failures of safe calls', () => {
  it('recovers from connection resets on a GET by retrying', async () => {
    server.route('GET', '/devices', [{ kind: 'reset' }, { kind: 'reset' }, json(DEVICES_BODY)]);
    const devices = await client.listDevices();
    expect(devices.map((d) => d.code)).toEqual(['sim-1']);
    expect(server.count('GET', '/devices')).toBe(3);
  });

  it('gives a clear network error when the connection keeps being reset', async () => {
    server.route('GET', '/devices', { kind: 'reset' });
    const error = await failure(client.listDevices());
    expect(error.code).toBe('network');
    expect(error.message).toMatch(
      /^Listing devices failed: the service could not be reached \(.+\)/,
    );
    expect(server.count('GET', '/devices')).toBe(4);
  });

  it('reports a 500 with the service message and code, and the next call succeeds', async () => {
    server.route('GET', '/devices', [
      json({ detail: 'database unavailable', code: 'db_down' }, 500),
      json(DEVICES_BODY),
    ]);
    const error = await failure(client.listDevices());
    expect(error).toMatchObject({
      code: 'http',
      status: 500,
      serviceMessage: 'database unavailable',
      serviceCode: 'db_down',
    });
    expect(error.message).toBe('Listing devices failed: HTTP 500: database unavailable (db_down).');
    expect(await client.listDevices()).toHaveLength(1);
  });

  it('the job watcher rides out a 500 and still sees the job finish', async () => {
    server.route('GET', '/jobs', [
      json(wireJobList('B', [jobInfo(4, 'running')])),
      json({ message: 'internal error' }, 500),
      json(wireJobList('B', [jobInfo(4, 'completed')])),
    ]);
    server.route('GET', '/jobs/4', json(wireJobDetail('B', jobInfo(4, 'completed'))));
    const states: string[] = [];
    const result = await waitForJob(client, 4, {
      intervalMs: 50,
      timeoutMs: 10_000,
      onProgress: (p) => p.type === 'connection' && states.push(p.state),
    });
    expect(result.status).toBe('completed');
    expect(states).toEqual(['reconnecting', 'online']);
  });

  it('honours Retry-After in seconds on a 503', async () => {
    server.route('GET', '/jobs', [
      json({ message: 'maintenance' }, 503, { 'retry-after': '1' }),
      json(wireJobList('B', [jobInfo(1, 'queued')])),
    ]);
    const started = Date.now();
    const jobs = await client.listJobs();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(jobs[0]?.status).toBe('queued');
    expect(server.count('GET', '/jobs')).toBe(2);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    server.route('GET', '/jobs', [
      json({ message: 'maintenance' }, 503, {
        'retry-after': formatHttpDate(new Date(Date.now() + 2_000)),
      }),
      json(wireJobList('B', [])),
    ]);
    const started = Date.now();
    await client.listJobs();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('does not wait for a Retry-After far in the future, and says when to come back', async () => {
    server.route(
      'GET',
      '/jobs',
      json({ message: 'down for upgrade' }, 503, { 'retry-after': '7200' }),
    );
    const started = Date.now();
    const error = await failure(client.listJobs());
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error.message).toBe(
      'Listing jobs failed: HTTP 503: down for upgrade; the service asks to retry after 7200 s.',
    );
    expect(error.retryAfterMs).toBe(7_200_000);
  });
});

describe('answers that never come or make no sense', () => {
  it('retries a GET that hung once, within the retry budget, and succeeds', async () => {
    const session = await loggedIn({ timeoutMs: 300 });
    server.route('GET', '/devices', [{ kind: 'hang' }, json(DEVICES_BODY)]);
    const devices = await session.client.listDevices();
    expect(devices.map((d) => d.code)).toEqual(['sim-1']);
    expect(server.count('GET', '/devices')).toBe(2);
  });

  it('gives the clear time-out error once every retry of a GET has hung', async () => {
    const session = await loggedIn({ timeoutMs: 300, retries: 2 });
    server.route('GET', '/devices', { kind: 'hang' });
    const started = Date.now();
    const error = await failure(session.client.listDevices());
    // Three attempts of 300 ms and two short back-offs: the caller still learns soon.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(
      'Listing devices failed: the service did not answer in time (no answer within 300 ms)',
    );
    expect(server.count('GET', '/devices')).toBe(3);
  });

  it("gives up on a GET that always hangs at the call's deadline, not after every retry", async () => {
    // Six attempts of 1 s would keep the caller 6 s and more; the call's deadline is 2 s.
    const session = await loggedIn({ timeoutMs: 1_000, retries: 5, deadlineMs: 2_000 });
    server.route('GET', '/devices', { kind: 'hang' });
    const started = Date.now();
    const error = await failure(session.client.listDevices());
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(
      'Listing devices failed: the service did not answer in time (no answer in 2 s over 2 attempts)',
    );
    // A full first attempt, then a second cut short by the deadline: no third.
    expect(server.count('GET', '/devices')).toBe(2);
    // Only to prove the deadline fired: all the retries' time-outs would take 6 s or more.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('does not wait for a Retry-After past the deadline, and says when to come back', async () => {
    const session = await loggedIn({ timeoutMs: 1_000, deadlineMs: 1_000 });
    server.route('GET', '/jobs', [
      json({ message: 'maintenance' }, 503, { 'retry-after': '5' }),
      json(wireJobList('B', [])),
    ]);
    const error = await failure(session.client.listJobs());
    expect(error.message).toBe(
      'Listing jobs failed: HTTP 503: maintenance; the service asks to retry after 5 s.',
    );
    expect(server.count('GET', '/jobs')).toBe(1);
  });

  it('times out a body that stops half-way', async () => {
    const session = await loggedIn({ timeoutMs: 300 });
    server.route('GET', '/jobs', { kind: 'hang-body' });
    const error = await failure(session.client.listJobs());
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/no complete answer within 300 ms/);
  });

  it('can be cancelled with an AbortSignal', async () => {
    server.route('GET', '/devices', { kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(client.listDevices({ signal: controller.signal }));
    expect(error.code).toBe('aborted');
    expect(error.message).toBe('Listing devices was cancelled');
  });

  it('reports malformed JSON as a decode error with an excerpt', async () => {
    server.route('GET', '/devices', {
      kind: 'text',
      status: 200,
      text: '{"items": [ {"code": "x", ',
    });
    const error = await failure(client.listDevices());
    expect(error.code).toBe('decode');
    expect(error.message).toMatch(
      /^Listing devices failed: the service's answer does not fit the expected format \(the answer is not JSON: \{"items"/,
    );
  });

  it('reports a body that breaks the schema, naming the field', async () => {
    const bad = wireJobList('B', [jobInfo(1, 'queued'), jobInfo(2, 'queued')]);
    (bad.items[1] as Record<string, unknown>).status = 'exploded';
    server.route('GET', '/jobs', json(bad));
    const error = await failure(client.listJobs());
    expect(error.code).toBe('decode');
    expect(error.field).toBe('items[1].status');
    expect(error.message).toMatch(/at 'items\[1\]\.status'/);
  });

  it('shows a job whose log is not valid base64, keeping the raw text', async () => {
    const detail = wireJobDetail('B', { ...jobInfo(3, 'error'), error: 'device failure' });
    detail.logs = 'this is @@ not base64';
    detail.error_logs = encodeBase64Text('Traceback: qubit 2 lost');
    server.route('GET', '/jobs/3', json(detail));
    const { detail: decoded, problems } = await client.getJob(3, { full: true });
    expect(decoded.logs).toBeNull();
    expect(decoded.error).toBe('device failure');
    expect(decoded.error_logs).toBe('Traceback: qubit 2 lost');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'invalid_base64',
      field: 'logs',
      raw: 'this is @@ not base64',
    });
  });
});

describe('POST /execute is never repeated blindly', () => {
  it('a reset after sending is reported as an unknown outcome, submitted once', async () => {
    server.route('POST', '/execute', { kind: 'reset' });
    const error = await failure(client.execute(SAMPLING_PAYLOAD_B, { deviceCode: 'sim-1' }));
    expect(error.code).toBe('network');
    expect(error.outcome).toBe('unknown');
    expect(error.message).toMatch(/may have received the request/);
    expect(server.count('POST', '/execute')).toBe(1);
  });

  it('a 503 with Retry-After is not retried', async () => {
    server.route('POST', '/execute', json({ message: 'busy' }, 503, { 'retry-after': '1' }));
    const error = await failure(client.execute(SAMPLING_PAYLOAD_B, { deviceCode: 'sim-1' }));
    expect(error).toMatchObject({ code: 'http', status: 503 });
    expect(server.count('POST', '/execute')).toBe(1);
  });

  it('a hanging execute times out without a second submission', async () => {
    // The same retry budget that repeats a hung GET must not repeat this.
    const session = await loggedIn({ timeoutMs: 300, retries: 3 });
    server.route('POST', '/execute', [{ kind: 'hang' }, json({ id: 12 })]);
    const error = await failure(
      session.client.execute(SAMPLING_PAYLOAD_B, { deviceCode: 'sim-1' }),
    );
    expect(error.code).toBe('timeout');
    expect(error.outcome).toBe('unknown');
    expect(server.count('POST', '/execute')).toBe(1);
  });

  it('a 401 on execute refreshes and repeats once (the service rejected it, nothing was created)', async () => {
    server.route(
      'POST',
      '/authorisation-tokens/refresh',
      json(wireToken({ access: 'A2', refresh: 'R2' })),
    );
    server.route('POST', '/execute', (req) =>
      req.headers.authorization === 'Bearer A2'
        ? json({ id: 11 })
        : json({ message: 'expired' }, 401),
    );
    const outcome = await client.execute(SAMPLING_PAYLOAD_B, { deviceCode: 'sim-1', name: 'n1' });
    expect(outcome.jobId.id).toBe(11);
    expect(outcome.handle).toMatchObject({ id: 11, execute_type: 'sampling' });
    expect(server.count('POST', '/execute')).toBe(2);
    const body = JSON.parse(
      server.requests.filter((r) => r.path.endsWith('/execute'))[0]!.body,
    ) as Record<string, unknown>;
    expect(body).toMatchObject({ device_code: 'sim-1', job_type: 'digital', meta: {}, name: 'n1' });
    // Every payload field of the variant, null where unused, as the SDK's client sends it.
    expect(JSON.parse(body.payload as string)).toEqual({
      ...SAMPLING_PAYLOAD_B,
      time_evolution_payload: null,
      variational_program_payload: null,
      rabi_experiment_payload: null,
      t1_experiment_payload: null,
    });
  });

  it('an invalid payload is refused before anything is sent', async () => {
    const error = await failure(
      client.execute(
        { type: 'sampling', t1_experiment_payload: { t1_experiment: '!T1Experiment {}' } } as never,
        {
          deviceCode: 'sim-1',
        },
      ),
    );
    expect(error).toMatchObject({ code: 'invalid-request', outcome: 'not-sent' });
    expect(error.message).toMatch(/^The job was not submitted: /);
    expect(server.count('POST', '/execute')).toBe(0);
  });

  it('a refused connection is known not to have arrived', async () => {
    const port = await freePort();
    const offline = createServiceClient({
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      variant: 'B',
      fetch: (url, init) => fetch(url, init),
      retry: { retries: 1, baseDelayMs: 10, maxDelayMs: 10 },
    });
    const error = await failure(offline.execute(SAMPLING_PAYLOAD_B, { deviceCode: 'sim-1' }));
    expect(error).toMatchObject({ code: 'network', outcome: 'not-sent' });
    expect(error.message).toMatch(/connection refused \(ECONNREFUSED\)/);
  });
});

describe('authentication faults', () => {
  it('a 401 whose refresh also fails ends the session with one clear error', async () => {
    const bare = createServiceClient({
      baseUrl: server.url,
      variant: 'B',
      fetch: (u, i) => fetch(u, i),
    });
    const session = new Session({
      client: bare,
      profile: 'faulty',
      audience: 'test',
      store: new MemorySecretStore(),
    });
    const ended: string[] = [];
    session.on('ended', (e) => ended.push(e.message));
    await session.login('alice', 'key');
    server.route('GET', '/jobs', json({ message: 'token expired' }, 401));
    server.route(
      'POST',
      '/authorisation-tokens/refresh',
      json({ error: 'invalid_grant', error_description: 'refresh token revoked' }, 400),
    );
    const error = await failure(session.client.listJobs());
    expect(error.code).toBe('auth');
    expect(error.message).toMatch(
      /session has ended.*refresh token revoked \(invalid_grant\).*Log in again/,
    );
    expect(error.message).not.toMatch(/A1|R1/);
    expect(server.count('POST', '/authorisation-tokens/refresh')).toBe(1);
    expect(server.count('GET', '/jobs')).toBe(1);
    expect(ended).toHaveLength(1);
    expect(session.snapshot.state).toBe('expired');
    // Later calls fail fast, without the service being asked to refresh again.
    const again = await failure(session.client.listJobs());
    expect(again.code).toBe('auth');
    expect(server.count('POST', '/authorisation-tokens/refresh')).toBe(1);
  });

  it('a wrong API key is an auth error carrying the service message', async () => {
    server.route(
      'POST',
      '/authorisation-tokens',
      json({ detail: 'invalid user name or API key', code: 'invalid_credentials' }, 401),
    );
    const bare = createServiceClient({
      baseUrl: server.url,
      variant: 'B',
      fetch: (u, i) => fetch(u, i),
    });
    const session = new Session({
      client: bare,
      profile: 'faulty',
      audience: 'test',
      store: new MemorySecretStore(),
    });
    const error = await failure(session.login('alice', 'wrong'));
    expect(error.code).toBe('auth');
    expect(error.message).toBe(
      'Logging in failed: HTTP 401: invalid user name or API key (invalid_credentials).',
    );
    expect(session.snapshot.state).toBe('logged-out');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
