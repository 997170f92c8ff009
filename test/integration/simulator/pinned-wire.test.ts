import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireShape } from '../../support/wire-forms';
import { pinned, pinnedText, shapeProblems, wireShape } from '../../support/wire-forms';
import type { Reply } from './helpers';
import { call, pollUntil, startTestSimulator } from './helpers';

/**
 * The simulator speaks the pinned wire (test/fixtures/wire/pinned): it accepts the hand-written
 * requests as they are, and each of its answers has the keys, JSON types and encodings of the
 * hand-written responses. Read with Node's Buffer, JSON and Date only (test/support/wire-forms),
 * never with the app's codecs, which the simulator itself uses to encode.
 */

function fits(reply: Reply, shape: WireShape, status = 200): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(shapeProblems(reply.body, shape)).toEqual([]);
}

describe.each(['A', 'B'] as const)('Variant %s: the simulator and the pinned wire', (variant) => {
  const dir = variant.toLowerCase();
  const file = (name: string) => pinned(`${dir}/${name}`);
  const claims = pinned<{ username: string; api_key: string; audience: string }>(
    `${dir}/login-assertion.json`,
  );
  let t: Awaited<ReturnType<typeof startTestSimulator>>;
  let tokens: { accessToken: string; refreshToken: string };
  let completedId: number;
  let failedId: number;

  /** The pinned execute request as it is, only aimed at one of the simulator's devices. */
  function executeBody(payload?: (text: string) => string): string {
    const body = JSON.parse(pinnedText(`${dir}/execute-request.json`)) as Record<string, string>;
    body.device_code = 'sim.statevector';
    if (payload) body.payload = payload(body.payload!);
    return JSON.stringify(body);
  }

  beforeAll(async () => {
    t = await startTestSimulator({
      variant,
      user: claims.username,
      apiKey: claims.api_key,
      audience: claims.audience,
    });
  });
  afterAll(async () => t.cleanup());

  it('logs in with the pinned login request, byte for byte, and answers a pinned token', async () => {
    const reply = await call(t.sim, 'POST', '/authorisation-tokens', {
      rawBody: pinnedText(`${dir}/login-request.json`),
    });
    fits(reply, wireShape(file('token-response.json')));
    tokens = reply.body as typeof tokens;
  });

  it('refreshes with the refresh token as bearer and no body', async () => {
    const reply = await call(t.sim, 'POST', '/authorisation-tokens/refresh', {
      token: tokens.refreshToken,
    });
    // The refresh token may be left out of a refresh answer, or sent again.
    fits(reply, wireShape(file('refresh-response.json'), file('token-response.json')));
  });

  it('lists devices as {"items": [...]}', async () => {
    fits(
      await call(t.sim, 'GET', '/devices', { token: tokens.accessToken }),
      wireShape(file('devices-response.json')),
    );
  });

  it('accepts the pinned execute request (nulls and all) and answers a pinned job id', async () => {
    const reply = await call(t.sim, 'POST', '/execute', {
      token: tokens.accessToken,
      rawBody: executeBody(),
    });
    const answers =
      variant === 'A'
        ? [file('execute-response.json'), file('execute-response-without-message.json')]
        : [file('execute-response.json')];
    fits(reply, wireShape(...answers));
    completedId = reply.body.id as number;
    const broken = await call(t.sim, 'POST', '/execute', {
      token: tokens.accessToken,
      rawBody: executeBody((p) => p.replace('control: 0, target: 1', 'control: 1, target: 1')),
    });
    fits(broken, wireShape(...answers));
    failedId = broken.body.id as number;
  });

  it('answers the flag-less lookup like the pinned one', async () => {
    const lookups =
      variant === 'A'
        ? [file('job-lookup-response.json'), file('job-lookup-without-status-response.json')]
        : [file('job-lookup-response.json')];
    fits(
      await call(t.sim, 'GET', `/jobs/${completedId}`, { token: tokens.accessToken }),
      wireShape(...lookups),
    );
  });

  it('answers the full lookup of a completed and a failed job like the pinned ones', async () => {
    await pollUntil(t.sim, tokens.accessToken, completedId, ['completed']);
    await pollUntil(t.sim, tokens.accessToken, failedId, ['error']);
    const shape = wireShape(
      file('job-detail-response.json'),
      file('job-detail-failed-response.json'),
    );
    const query = '?payload=true&result=true&logs=true&error_logs=true&error=true';
    const completed = await call(t.sim, 'GET', `/jobs/${completedId}${query}`, {
      token: tokens.accessToken,
    });
    fits(completed, shape);
    expect(completed.body.result).toEqual(expect.any(String));
    const failed = await call(t.sim, 'GET', `/jobs/${failedId}${query}`, {
      token: tokens.accessToken,
    });
    fits(failed, shape);
    expect([typeof failed.body.error, typeof failed.body.error_logs]).toEqual(['string', 'string']);
    // What the failure says, read with Buffer alone.
    expect(Buffer.from(failed.body.error as string, 'base64').toString('utf8')).toMatch(/\S/);
  });

  it('lists jobs like the pinned list', async () => {
    const reply = await call(t.sim, 'GET', '/jobs', { token: tokens.accessToken });
    fits(reply, wireShape(file('jobs-response.json')));
    expect((reply.body.items as unknown[]).length).toBe(2);
  });

  it('answers failures with a JSON body carrying message and code', async () => {
    const replies = [
      await call(t.sim, 'GET', '/jobs/999999', { token: tokens.accessToken }),
      await call(t.sim, 'GET', '/devices'),
      await call(t.sim, 'POST', '/execute', {
        token: tokens.accessToken,
        body: { device_code: 'x' },
      }),
      await call(t.sim, 'POST', '/authorisation-tokens/refresh', { token: tokens.accessToken }),
    ];
    expect(replies.map((r) => r.status)).toEqual([404, 401, 422, 401]);
    // The keys the public client reads (errors/message-code.json); field errors add a
    // FastAPI-style `detail` list of {loc, msg}.
    const errorShape = wireShape(pinned('errors/message-code.json'));
    for (const reply of replies) {
      const { detail, ...rest } = reply.body;
      expect(shapeProblems(rest, errorShape)).toEqual([]);
      expect(rest.message).toMatch(/\S/);
      if (detail !== undefined) {
        expect(detail).toEqual(
          expect.arrayContaining([{ loc: expect.any(Array), msg: expect.any(String) }]),
        );
      }
    }
  });
});
