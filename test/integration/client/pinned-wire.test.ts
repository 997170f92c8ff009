import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { Session } from '../../../src/core/auth/session';
import type { ServiceClient } from '../../../src/core/client/types';
import type { ServiceError } from '../../../src/core/client/errors';
import { createServiceClient } from '../../../src/core/client/service-client';
import type { ExecutePayload, VariantId } from '../../../src/shared/variants';
import type { FaultyServer, RecordedRequest } from '../../support/faulty-server';
import { startFaultyServer } from '../../support/faulty-server';
import {
  pinned,
  pinnedText,
  shapeProblems,
  wireShape,
  withoutNulls,
} from '../../support/wire-forms';

/**
 * The client against hand-written wire bodies (test/fixtures/wire/pinned, see its README),
 * served verbatim by a real HTTP server on loopback: it decodes each response to the values
 * written down here, and each request it sends has the pinned form. The app's own encoders
 * are used nowhere on the server's side of these tests.
 */

interface Endpoint {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  body: string | null;
}
const ENDPOINTS = pinned<Record<string, Endpoint>>('endpoints.json');

/** What the pinned bodies of each variant decode to, written out by hand. */
const EXPECTED = {
  A: {
    token: {
      access_token: 'at-a-0001.eyJzdWIiOiJaIn0.sig',
      expires_in: 3600,
      issued_at: 1795346728,
      refresh_token: 'rt-a-0001',
      token_type: 'bearer',
    },
    refreshed: {
      access_token: 'at-a-0002.eyJzdWIiOiJaIn0.sig',
      expires_in: 1800,
      issued_at: 1795349728,
      refresh_token: 'rt-a-0001',
      token_type: 'bearer',
    },
    jobs: [
      [815, 'queued', '2026-11-22T11:25:28Z', null],
      [814, 'completed', '2026-11-21T23:59:59Z', '2026-11-22T00:00:07Z'],
    ],
    jobId: 815,
    lookupStatus: 'running',
    resultField: 'functional_result',
    resultTag: '!FunctionalResult',
    logs: '2026-11-22 11:25:29 INFO  job 815 validated ✓\n2026-11-22 11:25:30 INFO  running on qpu.dig.1 (ε = 0.02)\n2026-11-22 11:25:34 INFO  done: 1000 shots\n',
    failedId: 817,
    failedLogs: '2026-11-22 12:00:01 INFO  validating\n',
    jobType: undefined,
    executeMessage: 'qpu.dig.1 is in maintenance until 12:00 UTC; the job waits in its queue.',
  },
  B: {
    token: {
      access_token: 'at-b-0001.eyJzdWIiOiJbIn0.sig',
      expires_in: 3600,
      issued_at: '1795350000',
      refresh_token: 'rt-b-0001',
      token_type: 'bearer',
    },
    refreshed: {
      access_token: 'at-b-0002.eyJzdWIiOiJbIn0.sig',
      expires_in: 1800,
      issued_at: '1795353000',
      refresh_token: 'rt-b-0001',
      token_type: 'bearer',
    },
    jobs: [
      [4712, 'queued', '2026-11-22T11:25:28Z', null],
      [4711, 'completed', '2026-11-22T11:20:00Z', '2026-11-22T11:20:04Z'],
    ],
    jobId: 4711,
    lookupStatus: 'running',
    resultField: 'sampling_result',
    resultTag: '!SamplingResult',
    logs: '\u001b[32mINFO\u001b[0m  job 4711 queued on sim.exact\n\u001b[32mINFO\u001b[0m  Ψ⁺ fidelity 0.97 ✓\n',
    failedId: 4713,
    failedLogs: 'INFO  validating\n',
    jobType: 'digital',
    executeMessage: null,
  },
} as const;

const FAILED_ERROR = 'validation failed: gate !CNOT needs two distinct qubits';
const FAILED_ERROR_LOGS =
  'Traceback (most recent call last):\n  payload line 6: !CNOT {control: 1, target: 1}\nValueError: control and target are the same qubit (1)\n';

let server: FaultyServer;
beforeEach(async () => {
  server = await startFaultyServer();
});
afterEach(async () => {
  await server.close();
});

/** Serves a pinned file byte for byte. */
function serve(method: string, route: string, file: string, status = 200): void {
  server.route(method, route, {
    kind: 'text',
    status,
    text: pinnedText(file),
    headers: { 'content-type': 'application/json' },
  });
}

function requestsTo(method: string, route: string): RecordedRequest[] {
  return server.requests.filter((r) => r.method === method && r.path === server.prefix + route);
}

/** The request has the pinned method, path, query and Authorization (with the given tokens). */
function expectEndpoint(
  request: RecordedRequest | undefined,
  endpoint: Endpoint,
  fill: { id?: number; accessToken?: string; refreshToken?: string } = {},
): void {
  expect(request).toBeDefined();
  const path = endpoint.path.replace('{id}', String(fill.id));
  expect(request!.method).toBe(endpoint.method);
  expect(request!.path).toBe(server.prefix + path);
  expect(Object.fromEntries(request!.query)).toEqual(endpoint.query);
  const authorization =
    endpoint.authorization
      ?.replace('<accessToken>', fill.accessToken ?? '')
      .replace('<refreshToken>', fill.refreshToken ?? '') ?? undefined;
  expect(request!.headers.authorization).toBe(authorization);
  if (endpoint.body === null) expect(request!.body).toBe('');
  else expect(request!.headers['content-type']).toMatch(/^application\/json\b/);
}

describe.each(['A', 'B'] as const)('Variant %s: the client and the pinned wire', (variant) => {
  const dir = variant.toLowerCase();
  const expected = EXPECTED[variant];
  const iat = pinned<{ iat: number }>(`${dir}/login-assertion.json`).iat;

  async function loggedIn(): Promise<{ session: Session; client: ServiceClient<VariantId> }> {
    serve('POST', '/authorisation-tokens', `${dir}/token-response.json`);
    const bare = createServiceClient({
      baseUrl: server.url,
      variant,
      fetch: (url, init) => fetch(url, init),
      retry: { retries: 0 },
    });
    const claims = pinned<{ username: string; api_key: string; audience: string }>(
      `${dir}/login-assertion.json`,
    );
    const session = new Session({
      client: bare,
      profile: `pinned-${dir}`,
      audience: claims.audience,
      store: new MemorySecretStore(),
      // The clock the pinned assertion was made at (its `iat`); tokens count from it too.
      now: () => iat * 1000,
    });
    await session.login(claims.username, claims.api_key);
    return { session, client: session.client };
  }

  it('logs in with the pinned request and decodes the pinned token', async () => {
    serve('POST', '/authorisation-tokens', `${dir}/token-response.json`);
    const bare = createServiceClient({
      baseUrl: server.url,
      variant,
      fetch: (url, init) => fetch(url, init),
    });
    const claims = pinned<Record<string, string>>(`${dir}/login-assertion.json`);
    const assertion = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expect(await bare.login({ assertion })).toEqual(expected.token);

    const { session } = await loggedIn();
    const request = requestsTo('POST', '/authorisation-tokens').at(-1);
    expectEndpoint(request, ENDPOINTS.login!);
    const sent = JSON.parse(request!.body) as { assertion: string };
    const pinnedBody = pinned<{ assertion: string }>(`${dir}/login-request.json`);
    expect(shapeProblems(sent, wireShape(pinnedBody))).toEqual([]);
    expect({ ...sent, assertion: null }).toEqual({ ...pinnedBody, assertion: null });
    // The assertion carries the same claims as the pinned one (its bytes may differ: key order, spaces).
    const decode = (b64url: string) =>
      JSON.parse(Buffer.from(b64url, 'base64url').toString('utf8')) as unknown;
    expect(decode(sent.assertion)).toEqual(decode(pinnedBody.assertion));
    expect(decode(pinnedBody.assertion)).toEqual(claims);
    session.dispose();
  });

  it('refreshes with the refresh token as bearer and no body, keeping the refresh token the answer omits', async () => {
    const { client, session } = await loggedIn();
    serve('POST', '/authorisation-tokens/refresh', `${dir}/refresh-response.json`);
    expect(await client.refresh(expected.token.refresh_token)).toEqual(expected.refreshed);
    expectEndpoint(requestsTo('POST', '/authorisation-tokens/refresh')[0], ENDPOINTS.refresh!, {
      refreshToken: expected.token.refresh_token,
    });
    session.dispose();
  });

  it('lists devices from {"items": [...]}, unknown fields kept', async () => {
    const { client, session } = await loggedIn();
    serve('GET', '/devices', `${dir}/devices-response.json`);
    const devices = await client.listDevices();
    expect(devices.map((d) => [d.id, d.code, d.type, d.nqubits, d.status])).toEqual([
      [1, 'sim.exact', 'simulator', 24, 'online'],
      [2, 'qpu.dig.1', 'qpu.digital', 5, 'maintenance'],
      [3, 'qpu.ana.1', 'qpu.analog', 8, 'offline'],
    ]);
    expectEndpoint(requestsTo('GET', '/devices')[0], ENDPOINTS.devices!, {
      accessToken: expected.token.access_token,
    });
    session.dispose();
  });

  it('lists jobs, reading HTTP-dates into ISO 8601 UTC', async () => {
    const { client, session } = await loggedIn();
    serve('GET', '/jobs', `${dir}/jobs-response.json`);
    const jobs = await client.listJobs();
    expect(jobs.map((j) => [j.id, j.status, j.created_at, j.completed_at])).toEqual(expected.jobs);
    if (variant === 'A') expect(jobs[0]!.message).toBe(expected.executeMessage);
    expectEndpoint(requestsTo('GET', '/jobs')[0], ENDPOINTS.jobs!, {
      accessToken: expected.token.access_token,
    });
    session.dispose();
  });

  it('polls a job with the flag-less lookup', async () => {
    const { client, session } = await loggedIn();
    serve('GET', `/jobs/${expected.jobId}`, `${dir}/job-lookup-response.json`);
    const { detail, problems } = await client.getJob(expected.jobId);
    expect(problems).toEqual([]);
    expect([detail.id, detail.status, detail.updated_at]).toEqual([
      expected.jobId,
      expected.lookupStatus,
      variant === 'A' ? '2026-11-22T11:25:30Z' : '2026-11-22T11:20:02Z',
    ]);
    expectEndpoint(requestsTo('GET', `/jobs/${expected.jobId}`)[0], ENDPOINTS.jobLookup!, {
      id: expected.jobId,
      accessToken: expected.token.access_token,
    });
    session.dispose();
  });

  it('fetches the full detail with the five flags and decodes every encoded field', async () => {
    const { client, session } = await loggedIn();
    serve('GET', `/jobs/${expected.jobId}`, `${dir}/job-detail-response.json`);
    const { detail, problems } = await client.getJob(expected.jobId, { full: true });
    expect(problems).toEqual([]);
    const payloadText = pinned<{ payload: string }>(`${dir}/execute-request.json`).payload;
    expect(withoutNulls(detail.payload)).toEqual(withoutNulls(JSON.parse(payloadText)));
    const result = detail.result as Record<string, unknown>;
    expect(result.type).toBe(detail.payload?.type);
    expect(String(result[expected.resultField])).toMatch(new RegExp(`^${expected.resultTag}\\n`));
    expect(detail.logs).toBe(expected.logs);
    expect([detail.error, detail.error_logs]).toEqual([null, null]);
    expect(detail.completed_at).toMatch(/^2026-11-22T11:2\d:\d\dZ$/);
    expect((detail as { jobType?: unknown }).jobType).toBe(expected.jobType);
    expectEndpoint(requestsTo('GET', `/jobs/${expected.jobId}`)[0], ENDPOINTS.jobDetail!, {
      id: expected.jobId,
      accessToken: expected.token.access_token,
    });
    session.dispose();
  });

  it("decodes a failed job's error and error logs", async () => {
    const { client, session } = await loggedIn();
    serve('GET', `/jobs/${expected.failedId}`, `${dir}/job-detail-failed-response.json`);
    const { detail, problems } = await client.getJob(expected.failedId, { full: true });
    expect(problems).toEqual([]);
    expect([detail.status, detail.result, detail.logs, detail.error, detail.error_logs]).toEqual([
      'error',
      null,
      expected.failedLogs,
      FAILED_ERROR,
      FAILED_ERROR_LOGS,
    ]);
    session.dispose();
  });

  it('submits the pinned execute request and reads the job id', async () => {
    const { client, session } = await loggedIn();
    serve('POST', '/execute', `${dir}/execute-response.json`);
    const request = pinned<{ device_code: string; payload: string; name: string }>(
      `${dir}/execute-request.json`,
    );
    const payload = withoutNulls(JSON.parse(request.payload)) as ExecutePayload;
    const outcome = await client.execute(payload, {
      deviceCode: request.device_code,
      name: request.name,
    });
    expect(outcome.jobId.id).toBe(variant === 'A' ? 815 : 4711);
    expect(outcome.message).toBe(expected.executeMessage);

    const sent = requestsTo('POST', '/execute');
    expect(sent).toHaveLength(1);
    expectEndpoint(sent[0], ENDPOINTS.execute!, { accessToken: expected.token.access_token });
    const body = JSON.parse(sent[0]!.body) as { payload: string };
    expect(shapeProblems(body, wireShape(request))).toEqual([]);
    expect({ ...body, payload: null }).toEqual({ ...request, payload: null });
    expect(withoutNulls(JSON.parse(body.payload))).toEqual(
      withoutNulls(JSON.parse(request.payload)),
    );
    session.dispose();
  });

  if (variant === 'A') {
    it("takes the specification's job list, whose records show no status", async () => {
      const { client, session } = await loggedIn();
      serve('GET', '/jobs', 'a/jobs-without-status-response.json');
      const jobs = await client.listJobs();
      expect(jobs.map((j) => [j.id, j.status])).toEqual([
        [815, undefined],
        [814, undefined],
      ]);
      expect(client.listCarriesStatus?.()).toBe(false);
      serve('GET', '/jobs', 'a/jobs-response.json');
      await client.listJobs();
      expect(client.listCarriesStatus?.()).toBe(true);
      session.dispose();
    });

    it('takes an integer issuedAt and any case of "bearer", and a job id whose message is null', async () => {
      serve('POST', '/authorisation-tokens', 'a/token-response-integer-issued-at.json');
      const bare = createServiceClient({
        baseUrl: server.url,
        variant: 'A',
        fetch: (u, i) => fetch(u, i),
      });
      expect(await bare.login({ assertion: 'x' })).toEqual({
        access_token: 'at-a-0003',
        expires_in: 600,
        issued_at: 1795346728,
        refresh_token: 'rt-a-0003',
        token_type: 'bearer',
      });
      const { client, session } = await loggedIn();
      serve('POST', '/execute', 'a/execute-response-without-message.json');
      serve('GET', '/jobs/815', 'a/job-lookup-without-status-response.json');
      const request = pinned<{ payload: string }>('a/execute-request.json');
      const outcome = await client.execute(JSON.parse(request.payload) as ExecutePayload, {
        deviceCode: 'sim.exact',
      });
      expect([outcome.jobId.id, outcome.message]).toEqual([816, null]);
      const { detail } = await client.getJob(815);
      expect(detail.status).toBeUndefined();
      session.dispose();
    });
  }
});

describe('error bodies: what was being done, the HTTP status, the message (code)', () => {
  const CASES: [file: string, status: number, message: string][] = [
    ['message-code.json', 404, 'HTTP 404: job 4711 not found (not_found).'],
    [
      'detail-code.json',
      409,
      'HTTP 409: device qpu.dig.1 does not run pulse jobs (unsupported_job_type).',
    ],
    [
      'detail-list.json',
      422,
      'HTTP 422: body.device_code: field required; body.job_type: value is not a valid enumeration member.',
    ],
    ['oauth.json', 400, 'HTTP 400: refresh token revoked (invalid_grant).'],
    ['error-error-code.json', 400, 'HTTP 400: rate limit exceeded (RATE_LIMIT).'],
    ['title-error-code.json', 503, 'HTTP 503: Service Unavailable (MAINTENANCE).'],
  ];

  it.each(CASES)('%s (HTTP %i)', async (file, status, message) => {
    serve('GET', '/devices', `errors/${file}`, status);
    const client = createServiceClient({
      baseUrl: server.url,
      variant: 'B',
      fetch: (url, init) => fetch(url, init),
      retry: { retries: 0 },
    });
    const error = (await client.listDevices().catch((e: unknown) => e)) as ServiceError;
    expect(error.message).toBe(`Listing devices failed: ${message}`);
    expect(error.status).toBe(status);
  });
});
