import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../../../src/core/auth/memory-secret-store';
import { Session } from '../../../../src/core/auth/session';
import { SessionError } from '../../../../src/core/auth/errors';
import type { SessionSnapshot } from '../../../../src/core/auth/session-state';
import type { ServiceError } from '../../../../src/core/client/errors';
import { createServiceClient } from '../../../../src/core/client/service-client';
import type { Logger } from '../../../../src/core/logging/logger';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import type { FakeRequest } from '../../../support/fake-fetch';
import { DEVICES_BODY, wireToken } from '../../../support/wire-fixtures';

/**
 * The session's edges: what it says and keeps in each state, the log lines support reads,
 * and the cases its main tests do not reach (a second user, a failing store, a clock that
 * jumps, a request that comes back after someone else renewed the token).
 */

afterEach(() => vi.useRealTimers());

/** Tokens `access-N`/`refresh-N`; only the newest access token is accepted. */
function service(options: { loginFails?: () => boolean; refreshDown?: () => boolean } = {}) {
  let n = 1;
  const fetch = fakeFetch(async (req: FakeRequest) => {
    if (req.path === '/authorisation-tokens') {
      if (options.loginFails?.())
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      n = 1;
      return jsonResponse(wireToken({ access: 'access-1', refresh: 'refresh-1', expiresIn: 100 }));
    }
    if (req.path === '/authorisation-tokens/refresh') {
      if (options.refreshDown?.())
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      n++;
      return jsonResponse(
        wireToken({ access: `access-${n}`, refresh: `refresh-${n}`, expiresIn: 100 }),
      );
    }
    if (req.headers.get('authorization') !== `Bearer access-${n}`)
      return jsonResponse({ message: 'token expired' }, 401);
    return jsonResponse(DEVICES_BODY);
  });
  return fetch;
}

function recordingLogger() {
  const lines: string[] = [];
  const logger: Logger = {
    debug: (m, f) => lines.push(`debug ${m} ${JSON.stringify(f ?? {})}`),
    info: (m, f) => lines.push(`info ${m} ${JSON.stringify(f ?? {})}`),
    warn: (m, f) => lines.push(`warn ${m} ${JSON.stringify(f ?? {})}`),
    error: (m, f) => lines.push(`error ${m} ${JSON.stringify(f ?? {})}`),
  };
  return { lines, logger };
}

class FlakyStore extends MemorySecretStore {
  failWrites = false;
  failReads = false;
  failDeletes = false;
  override async get(account: string) {
    if (this.failReads) throw new Error('keychain read failed');
    return super.get(account);
  }
  override async set(account: string, secret: string) {
    if (this.failWrites) throw new Error('keychain locked');
    return super.set(account, secret);
  }
  override async delete(account: string) {
    if (this.failDeletes) throw new Error('keychain delete failed');
    return super.delete(account);
  }
}

function sessionOn(
  fetch: ReturnType<typeof fakeFetch>,
  store = new FlakyStore(),
  extra: { logger?: Logger; now?: () => number } = {},
) {
  const client = createServiceClient({
    baseUrl: BASE_URL,
    variant: 'B',
    fetch,
    retry: { retries: 0 },
  });
  return new Session({ client, profile: 'test', audience: 'aud', store, ...extra });
}

describe('Session states and messages', () => {
  it('starts logged out, with nobody and no message', () => {
    const session = sessionOn(service());
    expect(session.state).toBe('logged-out');
    expect(session.snapshot).toEqual({
      profile: 'test',
      state: 'logged-out',
      user: null,
      expiresAt: null,
      secretStore: { kind: 'memory', secure: false },
      message: null,
    });
  });

  it.each([
    ['', 'key', 'A user name is needed to log in.'],
    ['  ', 'key', 'A user name is needed to log in.'],
    ['alice', '', 'An API key is needed to log in.'],
    ['alice', ' \t', 'An API key is needed to log in.'],
  ])('refuses user %j with key %j before calling the service', async (user, key, message) => {
    const fetch = service();
    const error = (await sessionOn(fetch)
      .login(user, key)
      .catch((e: unknown) => e)) as SessionError;
    expect(error).toBeInstanceOf(SessionError);
    expect([error.code, error.message]).toEqual(['invalid-input', message]);
    expect(fetch.calls).toHaveLength(0);
  });

  it('a login that cannot reach the service: logged out and why; a logged-in session stays active', async () => {
    let down = true;
    const session = sessionOn(service({ loginFails: () => down }));
    await expect(session.login('alice', 'key')).rejects.toThrow();
    expect(session.snapshot).toMatchObject({ state: 'logged-out', user: null });
    expect(session.snapshot.message).toMatch(
      /^Logging in failed: the service could not be reached/,
    );
    down = false;
    await session.login('alice', 'key');
    down = true;
    // Logging in again while the service is down keeps the login there is.
    await expect(session.login('alice', 'key')).rejects.toThrow();
    expect(session.state).toBe('active');
    expect(session.whoami()?.user).toBe('alice');
    session.dispose();
  });

  it('reports refreshing while it renews, then active', async () => {
    const fetch = service();
    const session = sessionOn(fetch);
    await session.login('alice', 'key');
    const states: SessionSnapshot['state'][] = [];
    session.on('state', (s) => states.push(s.state));
    // The service forgets access-1: the next call gets a 401 and renews.
    await fetch(`${BASE_URL}/authorisation-tokens/refresh`, { method: 'POST', headers: {} });
    await session.client.listDevices();
    expect(states).toEqual(['refreshing', 'active']);
    session.dispose();
  });

  it('does not emit a state event when nothing changed', async () => {
    const session = sessionOn(service());
    const states: string[] = [];
    session.on('state', (s) => states.push(s.state));
    await session.restore();
    await session.restore();
    expect(states).toEqual([]);
  });
});

describe('Session and its secret store', () => {
  it('a second user replaces the first: the first login is deleted, the second kept', async () => {
    const store = new FlakyStore();
    const session = sessionOn(service(), store);
    await session.login('alice', 'key');
    await session.login('alice', 'key');
    expect(await store.get('test:alice')).not.toBeNull();
    await session.login('bob', 'key');
    expect(await store.get('test:alice')).toBeNull();
    expect(await store.get('test:bob')).not.toBeNull();
    expect(JSON.parse((await store.get('test'))!)).toEqual({ version: 1, user: 'bob' });
    // A store that cannot delete the old entry does not stop the new login.
    store.failDeletes = true;
    await session.login('carol', 'key');
    expect(session.whoami()?.user).toBe('carol');
    session.dispose();
  });

  it('restore: nobody stored, a user without a token, an entry for someone else', async () => {
    const store = new FlakyStore();
    const fresh = sessionOn(service(), store);
    expect(await fresh.restore()).toBeNull();
    expect(fresh.snapshot).toMatchObject({ state: 'logged-out', user: null, message: null });

    await store.set('test', JSON.stringify({ version: 1, user: 'alice' }));
    const noToken = sessionOn(service(), store);
    expect(await noToken.restore()).toBeNull();
    expect(noToken.snapshot).toMatchObject({ state: 'logged-out', user: 'alice', message: null });

    const entry = (profile: string, user: string) =>
      JSON.stringify({
        version: 1,
        user,
        profile,
        accessToken: 'a',
        refreshToken: 'r',
        expiresAt: Date.now() + 60_000,
        issuedAt: '1',
        savedAt: Date.now(),
      });
    for (const [profile, user] of [
      ['other', 'alice'],
      ['test', 'mallory'],
    ]) {
      await store.set('test:alice', entry(profile!, user!));
      const wrong = sessionOn(service(), store);
      expect(await wrong.restore()).toBeNull();
      expect(wrong.snapshot).toMatchObject({
        state: 'logged-out',
        user: 'alice',
        message: 'The stored login could not be read and was removed; log in again.',
      });
      expect(await store.get('test:alice')).toBeNull();
    }
    // Even when the bad entry cannot be deleted, restore answers.
    await store.set('test:alice', '{}');
    store.failDeletes = true;
    expect(await sessionOn(service(), store).restore()).toBeNull();
  });

  it('a record of who logged in last that cannot be read means nobody', async () => {
    const store = new FlakyStore();
    for (const text of ['not json', '{"version": 2, "user": "alice"}']) {
      await store.set('test', text);
      expect(await sessionOn(service(), store).restore()).toBeNull();
    }
  });

  it('restores an entry of an earlier build (no receivedAt) and an explicitly named user', async () => {
    const store = new FlakyStore();
    const now = Date.now();
    await store.set(
      'test:bob',
      JSON.stringify({
        version: 1,
        user: 'bob',
        profile: 'test',
        accessToken: 'access-1',
        refreshToken: 'refresh-1',
        expiresAt: now + 100_000,
        issuedAt: '1',
        savedAt: now,
      }),
    );
    const session = sessionOn(service(), store);
    expect(await session.restore({ user: 'bob' })).toMatchObject({
      user: 'bob',
      expiresAt: new Date(now + 100_000).toISOString(),
    });
    session.dispose();
  });

  it('logout: deletes what was kept even for a login never restored here, and says whether it did', async () => {
    const store = new FlakyStore();
    await sessionOn(service(), store).login('alice', 'key');
    const later = sessionOn(service(), store);
    expect(await later.logout()).toEqual({ deleted: true });
    expect([await store.get('test:alice'), await store.get('test')]).toEqual([null, null]);
    expect(await later.logout()).toEqual({ deleted: false });
    // A store that cannot even say who logged in last: the profile's entry is still removed.
    await store.set('test', 'x');
    store.failReads = true;
    expect(await sessionOn(service(), store).logout()).toEqual({ deleted: false });
    store.failReads = false;
    expect(await store.get('test')).toBeNull();
  });

  it('a renewed login the store refuses works on, and says it will not survive', async () => {
    const fetch = service();
    const store = new FlakyStore();
    const { lines, logger } = recordingLogger();
    const session = sessionOn(fetch, store, { logger });
    await session.login('alice', 'key');
    store.failWrites = true;
    await fetch(`${BASE_URL}/authorisation-tokens/refresh`, { method: 'POST', headers: {} });
    await session.client.listDevices();
    expect(session.snapshot).toMatchObject({
      state: 'active',
      message: 'The renewed login could not be saved: keychain locked',
    });
    expect(fetch.calls.at(-1)!.headers.get('authorization')).toBe('Bearer access-3');
    expect(lines).toContain('warn renewed login not saved {"error":"keychain locked"}');
    session.dispose();
  });
});

describe('Session and the clock', () => {
  it('renews before use when the clock jumped past expiry (a laptop waking up): no 401 first', async () => {
    let now = Date.now();
    const fetch = service();
    const session = sessionOn(fetch, new FlakyStore(), { now: () => now });
    await session.login('alice', 'key');
    now += 200_000;
    await session.client.listDevices();
    expect(fetch.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /authorisation-tokens',
      'POST /authorisation-tokens/refresh',
      'GET /devices',
    ]);
    session.dispose();
  });

  it('a renewal before use that a logout overtakes sends nothing with a bearer', async () => {
    let now = Date.now();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const base = service();
    const fetch = fakeFetch(async (req) => {
      if (req.path === '/authorisation-tokens/refresh') await held;
      return base(req.url.toString(), {
        method: req.method,
        headers: req.headers,
        body: req.body || undefined,
      });
    });
    const session = sessionOn(fetch, new FlakyStore(), { now: () => now });
    await session.login('alice', 'key');
    now += 200_000;
    const call = session.client.listDevices().catch((e: unknown) => e);
    while (fetch.count('POST', '/authorisation-tokens/refresh') === 0)
      await new Promise((r) => setTimeout(r, 1));
    await session.logout();
    release();
    const error = (await call) as ServiceError;
    expect(error.code).toBe('auth');
    expect(
      fetch.calls.filter((c) => c.path === '/devices').map((c) => c.headers.get('authorization')),
    ).toEqual([null]);
  });

  it('a failing background renewal is logged, and retried later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let down = true;
    const fetch = service({ refreshDown: () => down });
    const { lines, logger } = recordingLogger();
    const session = sessionOn(fetch, new FlakyStore(), { logger });
    await session.login('alice', 'key');
    await vi.advanceTimersByTimeAsync(81_000);
    expect(lines.some((l) => l.startsWith('debug background refresh failed'))).toBe(true);
    expect(session.state).toBe('reconnecting');
    down = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(session.state).toBe('active');
    session.dispose();
  });

  it('after dispose no renewal runs and nobody is told anything', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetch = service();
    const session = sessionOn(fetch);
    await session.login('alice', 'key');
    session.on('state', () => undefined);
    session.dispose();
    expect(session.listenerCount('state')).toBe(0);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(fetch.count('POST', '/authorisation-tokens/refresh')).toBe(0);
  });
});

describe('Session and concurrent requests', () => {
  it('a 401 for a token someone else already renewed repeats the call without renewing again', async () => {
    const fetch = service();
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((r) => (releaseFirst = r));
    let first = true;
    const gated = fakeFetch(async (req) => {
      const answer = fetch(req.url.toString(), {
        method: req.method,
        headers: req.headers,
        body: req.body || undefined,
      });
      if (req.path === '/devices' && first) {
        first = false;
        await firstHeld; // this answer (a 401: the token is already stale) arrives late
      }
      return answer;
    });
    const session = sessionOn(gated);
    await session.login('alice', 'key');
    // The service forgets access-1.
    await fetch(`${BASE_URL}/authorisation-tokens/refresh`, { method: 'POST', headers: {} });
    const slow = session.client.listDevices();
    await session.client.listDevices(); // 401, renews to access-3, repeats
    releaseFirst();
    await slow;
    expect(gated.count('POST', '/authorisation-tokens/refresh')).toBe(1);
    session.dispose();
  });

  it('a session that never logged in sends its call once and asks for a login', async () => {
    const fetch = service();
    const error = (await sessionOn(fetch)
      .client.listDevices()
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.code).toBe('auth');
    expect(fetch.calls).toHaveLength(1);
  });

  it('the refusal that ends a session names what was being done', async () => {
    const fetch = fakeFetch((req) => {
      if (req.path === '/authorisation-tokens')
        return jsonResponse(wireToken({ access: 'a', refresh: 'r' }));
      if (req.path === '/authorisation-tokens/refresh')
        return jsonResponse({ detail: 'revoked' }, 400);
      return jsonResponse({ message: 'expired' }, 401);
    });
    const store = new FlakyStore();
    const { lines, logger } = recordingLogger();
    const session = sessionOn(fetch, store, { logger });
    const ended: unknown[] = [];
    session.on('ended', (e) => ended.push(e));
    await session.login('alice', 'key');
    store.failDeletes = true;
    const error = (await session.client.listDevices().catch((e: unknown) => e)) as ServiceError;
    expect([error.code, error.operation, error.status, error.serviceMessage]).toEqual([
      'auth',
      'renewing the login',
      400,
      'revoked',
    ]);
    expect(ended).toEqual([
      {
        profile: 'test',
        user: 'alice',
        reason: 'refresh-rejected',
        message:
          'The session has ended: the service refused to renew the login (HTTP 400: revoked). Log in again.',
      },
    ]);
    expect(lines.filter((l) => !l.startsWith('debug'))).toEqual([
      'info logged in {"profile":"test","user":"alice"}',
      'warn session ended {"profile":"test","user":"alice","status":400}',
    ]);
    store.failDeletes = false;
    await session.logout();
    expect(lines.at(-1)).toBe('info logged out {"profile":"test","user":"alice"}');
  });
});
