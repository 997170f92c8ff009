import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failure, sessionFor } from '../../support/service-session';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import { DEVICES_BODY, wireToken } from '../../support/wire-fixtures';

/**
 * Redirects, from a real service on one port towards another "host" on another port. fetch's
 * own `follow` re-posts the login assertion (which holds the API key) and the bearer to wherever
 * a 307 points; the client follows only a GET to the same origin and refuses the rest, saying
 * where the redirect pointed and why it was not followed.
 */

let service: FaultyServer;
let elsewhere: FaultyServer;
beforeEach(async () => {
  service = await startFaultyServer();
  elsewhere = await startFaultyServer();
  elsewhere.route('POST', '/authorisation-tokens', json(wireToken()));
  elsewhere.route('GET', '/devices', json(DEVICES_BODY));
});
afterEach(async () => {
  await service.close();
  await elsewhere.close();
});

async function session() {
  service.route('POST', '/authorisation-tokens', json(wireToken({ access: 'secret-access' })));
  const s = newSession();
  await s.login('alice', 'the-api-key');
  return s;
}

function newSession() {
  return sessionFor(service.url, 'B', {
    timeoutMs: 5_000,
    retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20 },
  });
}

describe('redirects', () => {
  it.each([307, 308, 302])(
    'a %i on login to another port is refused: the API key never leaves',
    async (status) => {
      service.route('POST', '/authorisation-tokens', {
        kind: 'redirect',
        status: status as 307,
        location: `${elsewhere.url}/authorisation-tokens`,
      });
      const s = newSession();
      const error = await failure(s.login('alice', 'the-api-key'));
      expect(error.code).toBe('redirect');
      expect(error.message).toBe(
        `Logging in failed: the service redirected it: HTTP ${status} to another address, ${elsewhere.url}/authorisation-tokens: refused, this request carries credentials and is only sent to ${service.origin}.`,
      );
      expect(elsewhere.requests).toEqual([]);
      // Refused at once: a redirect is an answer, not a fault to retry.
      expect(service.count('POST', '/authorisation-tokens')).toBe(1);
    },
  );

  it('a 307 on login to the same origin is not re-posted either', async () => {
    service.route('POST', '/authorisation-tokens', {
      kind: 'redirect',
      status: 307,
      location: '/api/v1/login-here',
    });
    service.route('POST', '/login-here', json(wireToken()));
    const s = newSession();
    const error = await failure(s.login('alice', 'the-api-key'));
    expect(error.code).toBe('redirect');
    expect(error.message).toMatch(
      /HTTP 307 to http:\/\/127\.0\.0\.1:\d+\/api\/v1\/login-here: refused, a POST is not sent again elsewhere; if that is the service's address, use it in the base URL or the endpoint paths\.$/,
    );
    expect(service.count('POST', '/login-here')).toBe(0);
  });

  it('a GET to the same origin is followed with its bearer', async () => {
    const s = await session();
    service.route('GET', '/devices', { kind: 'redirect', status: 302, location: 'devices/v2' });
    service.route('GET', '/devices/v2', json(DEVICES_BODY));
    const devices = await s.client.listDevices();
    expect(devices.map((d) => d.code)).toEqual(['sim-1']);
    const followed = service.requests.find((r) => r.path === '/api/v1/devices/v2');
    expect(followed?.headers.authorization).toBe('Bearer secret-access');
  });

  it('a GET to another origin is refused: the bearer never leaves', async () => {
    const s = await session();
    service.route('GET', '/devices', {
      kind: 'redirect',
      status: 301,
      location: `${elsewhere.url}/devices`,
    });
    const error = await failure(s.client.listDevices());
    expect(error.code).toBe('redirect');
    expect(error.message).toContain(`HTTP 301 to another address, ${elsewhere.url}/devices`);
    expect(elsewhere.requests).toEqual([]);
  });

  it('a redirect loop ends', async () => {
    const s = await session();
    service.route('GET', '/devices', { kind: 'redirect', status: 302, location: 'devices' });
    const error = await failure(s.client.listDevices());
    expect(error.code).toBe('redirect');
    expect(error.message).toMatch(/more than 5 redirects/);
  });
});
