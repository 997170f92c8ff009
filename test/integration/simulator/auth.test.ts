import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFromWire } from '../../../src/shared/variants';
import { assertion, call, login, loginBody, startTestSimulator } from './helpers';

describe.each(['A', 'B'] as const)('simulator auth, Variant %s', (variant) => {
  let t: Awaited<ReturnType<typeof startTestSimulator>>;
  beforeAll(async () => {
    t = await startTestSimulator({ variant, tokenTtlSeconds: 1.5 });
  });
  afterAll(async () => t.cleanup());

  it('logs in with the demo credentials and returns a Token the variant decodes', async () => {
    const reply = await call(t.sim, 'POST', '/authorisation-tokens', { body: loginBody() });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ tokenType: 'bearer', expiresIn: 2 });
    expect(reply.body.issuedAt).toMatch(/^\d+$/);
    expect(tokenFromWire(variant, reply.body).success).toBe(true);
  });

  it('refuses wrong credentials with a JSON error body', async () => {
    const reply = await call(t.sim, 'POST', '/authorisation-tokens', {
      body: loginBody('demo', 'wrong'),
    });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({
      code: 'invalid_credentials',
      message: expect.stringMatching(/API key/),
    });
  });

  it('answers a malformed login with 400 naming the field', async () => {
    const noGrant = await call(t.sim, 'POST', '/authorisation-tokens', {
      body: { assertion: 'x' },
    });
    expect(noGrant.status).toBe(400);
    expect(noGrant.body).toMatchObject({
      code: 'validation_error',
      detail: [{ loc: ['body', 'grantType'] }],
    });
    const badAssertion = await call(t.sim, 'POST', '/authorisation-tokens', {
      body: { ...loginBody(), assertion: assertion({ username: 'demo' }) },
    });
    expect(badAssertion.status).toBe(400);
    expect(JSON.stringify(badAssertion.body.detail)).toContain('api_key');
  });

  it('answers 401 with a JSON body for a missing, a garbage and an expired token', async () => {
    const missing = await call(t.sim, 'GET', '/devices');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: 'not_authenticated' });
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);

    const garbage = await call(t.sim, 'GET', '/jobs', { token: 'not-a-token' });
    expect(garbage.status).toBe(401);
    expect(garbage.body).toMatchObject({ code: 'invalid_token' });

    const { accessToken } = await login(t.sim);
    expect((await call(t.sim, 'GET', '/devices', { token: accessToken })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    const expired = await call(t.sim, 'GET', '/devices', { token: accessToken });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'token_expired', message: expect.any(String) });
  });

  it('refreshes after expiry with the refresh token, and only with it', async () => {
    const { accessToken, refreshToken } = await login(t.sim);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await call(t.sim, 'GET', '/jobs', { token: accessToken })).status).toBe(401);

    const withAccess = await call(t.sim, 'POST', '/authorisation-tokens/refresh', {
      token: accessToken,
    });
    expect(withAccess.status).toBe(401);
    const refreshed = await call(t.sim, 'POST', '/authorisation-tokens/refresh', {
      token: refreshToken,
    });
    expect(refreshed.status).toBe(200);
    // The refresh response omits refreshToken (the service may do so: the client keeps the old
    // one).
    expect(tokenFromWire(variant, refreshed.body, refreshToken).success).toBe(true);
    const retried = await call(t.sim, 'GET', '/jobs', {
      token: String(refreshed.body.accessToken),
    });
    expect(retried.status).toBe(200);
    // The old refresh token still works for the next expiry.
    expect(
      (await call(t.sim, 'POST', '/authorisation-tokens/refresh', { token: refreshToken })).status,
    ).toBe(200);
  });
});
