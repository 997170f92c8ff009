import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeDevices } from '../../../src/shared/wire';
import { call, login, startTestSimulator } from './helpers';

describe('simulator HTTP surface', () => {
  let t: Awaited<ReturnType<typeof startTestSimulator>>;
  let token: string;
  beforeAll(async () => {
    t = await startTestSimulator({ variant: 'A', maxBodyBytes: 64 * 1024 });
    token = (await login(t.sim)).accessToken;
  });
  afterAll(async () => t.cleanup());

  it('serves under a base URL that looks like the real one', () => {
    expect(t.sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
  });

  it('lists at least five devices with integer ids, qubit parameters and all three statuses', async () => {
    const reply = await call(t.sim, 'GET', '/devices', { token });
    expect(reply.status).toBe(200);
    const devices = decodeDevices(reply.body);
    expect(devices.length).toBeGreaterThanOrEqual(5);
    expect(new Set(devices.map((d) => d.status))).toEqual(
      new Set(['online', 'maintenance', 'offline']),
    );
    expect(new Set(devices.map((d) => d.type))).toEqual(
      new Set(['simulator', 'qpu.digital', 'qpu.analog']),
    );
    expect(devices.every((d) => Number.isInteger(d.id))).toBe(true);
    const sim = devices.find((d) => d.type === 'simulator');
    expect(sim?.nqubits).toBeGreaterThanOrEqual(20);
    expect(devices.find((d) => d.type === 'qpu.digital' && d.nqubits === 5)?.description).toMatch(
      /T1 [\d.]+ µs/,
    );
  });

  it('answers unknown routes, wrong methods, bad JSON and oversized bodies with JSON errors', async () => {
    const unknown = await call(t.sim, 'GET', '/nope', { token });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const outside = await fetch(t.sim.url.replace('/api/v1', '/elsewhere'));
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ code: 'not_found' });

    const wrongMethod = await call(t.sim, 'DELETE', '/jobs', { token });
    expect(wrongMethod).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
    expect(wrongMethod.headers.get('allow')).toBe('GET');

    const badJson = await call(t.sim, 'POST', '/execute', { token, rawBody: '{"device_code": ' });
    expect(badJson).toMatchObject({ status: 400, body: { code: 'invalid_json' } });

    const big = await call(t.sim, 'POST', '/execute', {
      token,
      rawBody: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }),
    });
    expect(big).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });

    const badId = await call(t.sim, 'GET', '/jobs/abc', { token });
    expect(badId).toMatchObject({
      status: 422,
      body: { code: 'validation_error', detail: [{ loc: ['path', 'id'] }] },
    });
    const noJob = await call(t.sim, 'GET', '/jobs/99999', { token });
    expect(noJob).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const badFlag = await call(t.sim, 'GET', '/jobs/1?result=maybe', { token });
    expect(badFlag).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['query', 'result'] }] },
    });
    const badFilter = await call(t.sim, 'GET', '/jobs?status=finished', { token });
    expect(badFilter).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['query', 'status'] }] },
    });

    // Still serving after all that.
    expect((await call(t.sim, 'GET', '/devices', { token })).status).toBe(200);
  });
});
