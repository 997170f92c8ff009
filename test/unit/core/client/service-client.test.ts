import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src/core/client/errors';
import { createServiceClient } from '../../../../src/core/client/service-client';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import { DEVICES_BODY, SAMPLING_PAYLOAD_B } from '../../../support/wire-fixtures';

describe('createServiceClient', () => {
  it('uses the endpoint paths and query flags of the profile', async () => {
    const fetch = fakeFetch((req) =>
      req.path.startsWith('/v2/job/')
        ? jsonResponse({
            id: 5,
            name: 'n',
            description: '',
            device_id: 1,
            status: 'queued',
            created_at: 'Sun, 22 Nov 2026 11:25:28 GMT',
          })
        : jsonResponse(DEVICES_BODY),
    );
    const client = createServiceClient({
      baseUrl: `${BASE_URL}/`,
      variant: 'B',
      fetch,
      paths: { devices: '/v2/machines', job: '/v2/job/{id}/info' },
      flags: { full: { include: 'everything' } },
      userAgent: 'studio-test/1.0',
    });
    await client.listDevices();
    const { detail } = await client.getJob(5, { full: true });
    expect(fetch.calls.map((c) => c.url.pathname + c.url.search)).toEqual([
      '/api/v1/v2/machines',
      '/api/v1/v2/job/5/info?include=everything',
    ]);
    expect(fetch.calls[0]!.headers.get('user-agent')).toBe('studio-test/1.0');
    // Dates arrive as HTTP-dates and are held as ISO 8601.
    expect(detail.created_at).toBe('2026-11-22T11:25:28Z');
  });

  it('asks for some parts of a detail with their own flags, or for all when the profile renames them', async () => {
    const answer = () =>
      jsonResponse({
        id: 5,
        name: 'n',
        description: '',
        device_id: 1,
        status: 'running',
        created_at: 'Sun, 22 Nov 2026 11:25:28 GMT',
      });
    const fetch = fakeFetch(answer);
    const client = createServiceClient({ baseUrl: BASE_URL, variant: 'B', fetch });
    await client.getJob(5, { fields: ['logs'] });
    await client.getJob(5, { fields: ['logs', 'error'] });
    await client.getJob(5);
    expect(fetch.calls.map((c) => c.url.search)).toEqual([
      '?logs=true',
      '?logs=true&error=true',
      '',
    ]);

    const renamed = fakeFetch(answer);
    await createServiceClient({
      baseUrl: BASE_URL,
      variant: 'B',
      fetch: renamed,
      flags: { full: { include: 'everything' }, light: { brief: '1' } },
    }).getJob(5, { fields: ['logs'] });
    // No flag is named after the logs: the full lookup still brings them.
    expect(renamed.calls[0]!.url.search).toBe('?include=everything');
  });

  it('names the field of an answer that does not fit', async () => {
    const broken = structuredClone(DEVICES_BODY) as { items: Record<string, unknown>[] };
    broken.items[0]!.nqubits = 'five';
    const client = createServiceClient({
      baseUrl: BASE_URL,
      variant: 'A',
      fetch: fakeFetch(() => jsonResponse(broken)),
    });
    const error = (await client.listDevices().catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'decode', field: 'items[0].nqubits', status: null });
  });

  it('refuses an id that cannot be a job before sending anything, and says so', async () => {
    const fetch = fakeFetch(() => jsonResponse({}));
    const client = createServiceClient({ baseUrl: BASE_URL, variant: 'B', fetch });
    for (const id of [-1, 1.5, Number.NaN]) {
      const error = (await client.getJob(id).catch((e: unknown) => e)) as ServiceError;
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: 'invalid-request', outcome: 'not-sent', status: null });
      expect(error.message).toMatch(/is not a job id; nothing was sent/);
    }
    expect(fetch.calls).toEqual([]);
  });

  it('never repeats a secret a service echoes into an error', async () => {
    const client = createServiceClient({
      baseUrl: BASE_URL,
      variant: 'B',
      fetch: fakeFetch(() =>
        jsonResponse({ message: 'bad header Authorization: Bearer abc.def.ghi', code: 'E1' }, 400),
      ),
    });
    const error = (await client.listJobs().catch((e: unknown) => e)) as ServiceError;
    expect(error.message).not.toContain('abc.def.ghi');
    expect(error.serviceMessage).not.toContain('abc.def.ghi');
    expect(error.message).toMatch(
      /^Listing jobs failed: HTTP 400: bad header Authorization: \[redacted\] \(E1\)\.$/,
    );
  });

  it('says when an error answer has no body', async () => {
    const client = createServiceClient({
      baseUrl: BASE_URL,
      variant: 'B',
      fetch: fakeFetch(() => new Response('', { status: 502 })),
      retry: { retries: 0 },
    });
    const error = (await client.listJobs().catch((e: unknown) => e)) as ServiceError;
    expect(error.message).toBe('Listing jobs failed: HTTP 502: empty response body.');
  });

  it('returns the typed handle and the Variant A message of an execute', async () => {
    const fetch = fakeFetch(() => jsonResponse({ id: 9, message: 'Maintenance on Friday' }));
    const client = createServiceClient({ baseUrl: BASE_URL, variant: 'A', fetch });
    const outcome = await client.execute(
      { type: 'experiment', experiment_payload: { experiment: '!RabiExperiment {qubit: 0}' } },
      { deviceCode: 'qpu.analog.vega' },
    );
    expect(outcome.message).toBe('Maintenance on Friday');
    expect(outcome.handle).toMatchObject({
      id: 9,
      execute_type: 'experiment',
      resultField: 'experiment_result',
    });
    expect(JSON.parse(fetch.calls[0]!.body)).toMatchObject({
      job_type: 'pulse',
      device_code: 'qpu.analog.vega',
    });
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() =>
      createServiceClient({
        baseUrl: 'ftp://x/api',
        variant: 'B',
        fetch: fakeFetch(() => jsonResponse({})),
      }),
    ).toThrow(/must start with http:\/\/ or https:\/\//);
    expect(SAMPLING_PAYLOAD_B.type).toBe('sampling');
  });
});
