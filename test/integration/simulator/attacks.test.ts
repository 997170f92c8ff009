import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_NESTING } from '../../../src/simulator/server/body';
import { call, envelope, login, loginBody, samplingPayload, startTestSimulator } from './helpers';
import { BELL_CIRCUIT } from './helpers';

/**
 * The simulator attacked the ways a web page or a hostile client can reach a loopback port:
 * DNS rebinding (another site's name resolving to 127.0.0.1), simple cross-site requests (a form
 * or text/plain fetch, which browsers send without asking), and bodies built to exhaust the stack.
 */
interface RawReply {
  status: number;
  body: Record<string, unknown>;
}

/** A request with headers fetch would not let us set (Host). */
function raw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the simulator under attack', () => {
  let t: Awaited<ReturnType<typeof startTestSimulator>>;
  let token: string;
  beforeAll(async () => {
    t = await startTestSimulator({ variant: 'B' });
    token = (await login(t.sim)).accessToken;
  });
  afterAll(async () => t.cleanup());

  const json = (extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    ...extra,
  });

  it('answers only to its loopback names: a DNS-rebinding page gets 421 and no token', async () => {
    const body = JSON.stringify(loginBody());
    const rebound = await raw(
      t.sim.port,
      'POST',
      '/api/v1/authorisation-tokens',
      json({ host: `attacker.example:${t.sim.port}` }),
      body,
    );
    expect(rebound).toMatchObject({ status: 421, body: { code: 'misdirected_request' } });
    expect(rebound.body).not.toHaveProperty('accessToken');
    const jobs = await raw(t.sim.port, 'GET', '/api/v1/jobs', {
      host: `attacker.example:${t.sim.port}`,
      authorization: `Bearer ${token}`,
    });
    expect(jobs.status).toBe(421);

    for (const host of [`127.0.0.1:${t.sim.port}`, `localhost:${t.sim.port}`]) {
      const ok = await raw(
        t.sim.port,
        'POST',
        '/api/v1/authorisation-tokens',
        json({ host }),
        body,
      );
      expect(ok.status, host).toBe(200);
    }
  });

  it('refuses a login sent as text/plain (a simple cross-site request) with 415', async () => {
    const reply = await raw(
      t.sim.port,
      'POST',
      '/api/v1/authorisation-tokens',
      { host: `127.0.0.1:${t.sim.port}`, 'content-type': 'text/plain;charset=UTF-8' },
      JSON.stringify(loginBody()),
    );
    expect(reply).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
    expect(String(reply.body.message)).toContain('application/json');
    expect(reply.body).not.toHaveProperty('accessToken');
  });

  it('refuses a browser page of another origin, and accepts its own origin', async () => {
    const foreign = await call(t.sim, 'POST', '/authorisation-tokens', {
      body: loginBody(),
      headers: { origin: 'http://attacker.example' },
    });
    expect(foreign).toMatchObject({ status: 403, body: { code: 'forbidden_origin' } });
    const own = await call(t.sim, 'POST', '/authorisation-tokens', {
      body: loginBody(),
      headers: { origin: `http://127.0.0.1:${t.sim.port}` },
    });
    expect(own.status).toBe(200);
  });

  it('refuses deeply nested JSON with 400 before a job id is spent', async () => {
    const bell = envelope(samplingPayload('B', BELL_CIRCUIT, 10));
    const submit = (meta: string) =>
      call(t.sim, 'POST', '/execute', {
        token,
        rawBody: JSON.stringify({ ...bell, meta: '@' }).replace('"@"', meta),
      });
    const first = await submit('{}');
    expect(first.status).toBe(200);
    const firstId = Number(first.body.id);

    // Written as text: the test's own JSON.stringify would run out of stack on it.
    const levels = 100_000;
    const refused = await submit(`{"deep":${'['.repeat(levels)}1${']'.repeat(levels)}}`);
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    expect(String(refused.body.message)).toContain(`${MAX_BODY_NESTING} levels`);

    const next = await submit('{}');
    expect(next.status).toBe(200);
    expect(Number(next.body.id)).toBe(firstId + 1);
  });
});
