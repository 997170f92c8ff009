import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { Session } from '../../../src/core/auth/session';
import { MIN_RENEWAL_INTERVAL_MS } from '../../../src/core/auth/refresh-timer';
import { ServiceError } from '../../../src/core/client/errors';
import { createServiceClient } from '../../../src/core/client/service-client';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import { DEVICES_BODY, wireToken } from '../../support/wire-fixtures';

/**
 * Token lifetimes a service should never send, and a service that refuses every renewed token,
 * from a real HTTP server on loopback (issue 28). `expiresIn: 0` started a renewal loop (hundreds
 * of refreshes a second); `expiresIn: 1e15` made every later read of the login fail with
 * "Invalid time value", the login kept all the same. Both are refused at decode with words, and
 * renewals are at least MIN_RENEWAL_INTERVAL_MS apart whatever the service does.
 */
let server: FaultyServer;
let store: MemorySecretStore;
let sessions: Session[];

beforeEach(async () => {
  server = await startFaultyServer();
  store = new MemorySecretStore();
  sessions = [];
});
afterEach(async () => {
  for (const s of sessions) s.dispose();
  await server.close();
});

function session(): Session {
  const client = createServiceClient({
    baseUrl: server.url,
    variant: 'B',
    fetch: (url, init) => fetch(url, init),
    retry: { retries: 0 },
  });
  const s = new Session({ client, profile: 'p', audience: 'a', store });
  sessions.push(s);
  return s;
}

const refreshes = () => server.count('POST', '/authorisation-tokens/refresh');

describe('token lifetimes a service should never send', () => {
  it('a token that expires at once is a login refused with words, not a renewal loop', async () => {
    server.route('POST', '/authorisation-tokens', json(wireToken({ expiresIn: 0 })));
    server.route('POST', '/authorisation-tokens/refresh', json(wireToken({ expiresIn: 0 })));
    const s = session();
    const error = await s.login('alice', 'key').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('decode');
    expect((error as ServiceError).message).toContain(
      "at 'expiresIn' (expiresIn: the token expires at once (0 seconds)",
    );
    await new Promise((r) => setTimeout(r, 1_500));
    expect(refreshes()).toBe(0);
    expect(s.snapshot).toMatchObject({ state: 'logged-out', expiresAt: null });
    expect(await store.get('p:alice')).toBeNull();
  });

  it('a lifetime past any date (expiresIn 1e15) is refused; nothing is kept to fail later', async () => {
    server.route('POST', '/authorisation-tokens', json(wireToken({ expiresIn: 1e15 })));
    const s = session();
    const error = (await s.login('alice', 'key').catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toContain('1000000000000000 seconds is no expiry date');
    expect(error.message).not.toContain('Invalid time value');
    expect(s.snapshot.state).toBe('logged-out');
    expect(await store.get('p:alice')).toBeNull();
    // The next login, to a service that behaves, works.
    server.route('POST', '/authorisation-tokens', json(wireToken({ expiresIn: 3600 })));
    expect((await s.login('alice', 'key')).user).toBe('alice');
  });

  it('a login kept by an earlier build with an expiry past any date is dropped, not read', async () => {
    const far = {
      version: 1,
      user: 'alice',
      profile: 'p',
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      // A whole number still (so it passes as one), but past the last moment a Date holds.
      expiresAt: 9e15,
      receivedAt: Date.now(),
      issuedAt: '1',
      savedAt: Date.now(),
    };
    await store.setMany({
      'p:alice': JSON.stringify(far),
      p: JSON.stringify({ version: 1, user: 'alice' }),
    });
    const s = session();
    expect(await s.restore()).toBeNull();
    expect(s.snapshot).toMatchObject({
      state: 'logged-out',
      message: 'The stored login could not be read and was removed; log in again.',
    });
    expect(await store.get('p:alice')).toBeNull();
  });
});

describe('a service that refuses every renewed token', () => {
  it(`renews at most once per ${MIN_RENEWAL_INTERVAL_MS} ms, however many calls are refused`, async () => {
    server.route('POST', '/authorisation-tokens', json(wireToken()));
    server.route('POST', '/authorisation-tokens/refresh', json(wireToken()));
    server.route('GET', '/devices', json({ detail: 'token revoked' }, 401));
    const s = session();
    await s.login('alice', 'key');
    const started = Date.now();
    let calls = 0;
    while (Date.now() - started < 2_500) {
      const error = await s.client.listDevices().catch((e: unknown) => e);
      expect((error as ServiceError).status).toBe(401);
      calls++;
    }
    const seconds = (Date.now() - started) / 1000;
    expect(calls).toBeGreaterThan(1);
    expect(refreshes()).toBeLessThanOrEqual(
      Math.ceil(seconds * (1000 / MIN_RENEWAL_INTERVAL_MS)) + 1,
    );
    // And a service that takes its renewed tokens again is used as before.
    server.route('GET', '/devices', json(DEVICES_BODY));
    expect((await s.client.listDevices()).length).toBeGreaterThan(0);
  });
});
