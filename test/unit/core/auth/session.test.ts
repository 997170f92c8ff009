import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../../../src/core/auth/memory-secret-store';
import { Session } from '../../../../src/core/auth/session';
import { SessionError } from '../../../../src/core/auth/errors';
import type { SessionEndedEvent, SessionSnapshot } from '../../../../src/core/auth/session-state';
import { createServiceClient } from '../../../../src/core/client/service-client';
import type { ServiceError } from '../../../../src/core/client/errors';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import type { FakeRequest } from '../../../support/fake-fetch';
import { DEVICES_BODY, wireToken } from '../../../support/wire-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

/** A fake service: tokens `access-N` / `refresh-N`; only the newest access token is accepted. */
function service(
  options: { expiresIn?: number; refreshFails?: number; omitRefreshToken?: boolean } = {},
) {
  let generation = 1;
  let current = 'access-1';
  const fetch = fakeFetch(async (req: FakeRequest) => {
    if (req.path === '/authorisation-tokens') {
      generation = 1;
      current = 'access-1';
      return jsonResponse(
        wireToken({ access: current, refresh: 'refresh-1', expiresIn: options.expiresIn ?? 3600 }),
      );
    }
    if (req.path === '/authorisation-tokens/refresh') {
      if (options.refreshFails) {
        return jsonResponse(
          { detail: 'refresh token expired', code: 'token_expired' },
          options.refreshFails,
        );
      }
      // Let concurrent waiters pile up before answering.
      await new Promise((r) => setTimeout(r, 20));
      generation++;
      current = `access-${generation}`;
      return jsonResponse(
        wireToken({
          access: current,
          refresh: options.omitRefreshToken ? null : `refresh-${generation}`,
          expiresIn: options.expiresIn ?? 3600,
        }),
      );
    }
    if (req.headers.get('authorization') !== `Bearer ${current}`) {
      return jsonResponse({ message: 'token expired', code: 'unauthorized' }, 401);
    }
    return jsonResponse(DEVICES_BODY);
  });
  const expire = () => {
    // Server-side revocation: the next call with the old token gets a 401.
    current = `revoked-${generation}`;
  };
  return { fetch, expire };
}

function makeSession(
  fetch: ReturnType<typeof fakeFetch>,
  store = new MemorySecretStore(),
  extra: { now?: () => number; renewWith?: { user: string; apiKey: string } } = {},
) {
  const client = createServiceClient({
    baseUrl: BASE_URL,
    variant: 'B',
    fetch,
    retry: { retries: 0 },
  });
  return new Session({ client, profile: 'test', audience: 'aud-1', store, ...extra });
}

describe('Session login', () => {
  it('keeps nothing of a login it cannot save, and says so, where the earlier login stays', async () => {
    const { fetch } = service();
    class Full extends MemorySecretStore {
      full = false;
      override async setMany(entries: Readonly<Record<string, string>>): Promise<void> {
        if (this.full) throw new Error('ENOSPC: no space left on device');
        return super.setMany(entries);
      }
    }
    const store = new Full();
    const fresh = makeSession(fetch, store);
    store.full = true;
    const error = await fresh.login('alice', 'key-1').catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'The service accepted the login, but nothing of it could be kept and you are not logged in: ENOSPC: no space left on device',
    );
    expect(fresh.snapshot).toMatchObject({ state: 'logged-out', user: null });
    expect(await store.get('test:alice')).toBeNull();

    store.full = false;
    const session = makeSession(fetch, store);
    await session.login('alice', 'key-1');
    store.full = true;
    const second = await session.login('bob', 'key-2').catch((e: unknown) => e);
    expect((second as Error).message).toMatch(
      /nothing of it could be kept and you are still logged in as alice: /,
    );
    expect(session.snapshot).toMatchObject({ state: 'active', user: 'alice' });
  });

  it('sends the login assertion and puts the bearer on every call', async () => {
    const { fetch } = service();
    const session = makeSession(fetch);
    const who = await session.login('alice', 'key-1');
    expect(who).toMatchObject({ user: 'alice', profile: 'test' });

    const login = fetch.calls[0]!;
    const body = JSON.parse(login.body) as { grantType: string; assertion: string; scope: string };
    expect(body.grantType).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(body.scope).toBe('user profile');
    expect(body.assertion).toMatch(/^[A-Za-z0-9_-]+=*$/);
    const claims = JSON.parse(Buffer.from(body.assertion, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ username: 'alice', api_key: 'key-1', audience: 'aud-1' });
    expect(Math.abs((claims.iat as number) - Date.now() / 1000)).toBeLessThan(5);
    expect(login.headers.get('authorization')).toBeNull();

    await session.client.listDevices();
    expect(fetch.calls[1]!.headers.get('authorization')).toBe('Bearer access-1');
    expect(fetch.calls[1]!.headers.get('user-agent')).toMatch(/^quantum-job-studio\//);
  });

  it('rejects an empty user or key before calling the service', async () => {
    const { fetch } = service();
    await expect(makeSession(fetch).login('', 'k')).rejects.toBeInstanceOf(SessionError);
    expect(fetch.calls).toHaveLength(0);
  });

  it('never exposes a token through its snapshot, whoami, events or inspection', async () => {
    const { fetch } = service();
    const session = makeSession(fetch);
    const states: SessionSnapshot[] = [];
    session.on('state', (s) => states.push(s));
    await session.login('alice', 'key-1');
    const visible =
      JSON.stringify([session.snapshot, session.whoami(), states]) + inspect(session, { depth: 5 });
    expect(visible).not.toMatch(/access-1|refresh-1|key-1/);
    expect(states.map((s) => s.state)).toEqual(['logging-in', 'active']);
    expect(session.snapshot.secretStore).toEqual({ kind: 'memory', secure: false });
  });
});

describe('Session refresh', () => {
  it('refreshes once for ten concurrent 401s, and each call is repeated once', async () => {
    const { fetch, expire } = service();
    const session = makeSession(fetch);
    await session.login('alice', 'key-1');
    expire();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => session.client.listDevices()),
    );
    expect(results.every((r) => r.length === 1)).toBe(true);
    expect(fetch.count('POST', '/authorisation-tokens/refresh')).toBe(1);
    expect(fetch.count('GET', '/devices')).toBe(20);
    const refresh = fetch.calls.find((c) => c.path === '/authorisation-tokens/refresh')!;
    expect(refresh.headers.get('authorization')).toBe('Bearer refresh-1');
    expect(refresh.body).toBe('');
  });

  it('keeps the old refresh token when the refresh answer omits it', async () => {
    const { fetch, expire } = service({ omitRefreshToken: true });
    const session = makeSession(fetch);
    await session.login('alice', 'key-1');
    expire();
    await session.client.listDevices();
    expire();
    await session.client.listDevices();
    const refreshes = fetch.calls.filter((c) => c.path === '/authorisation-tokens/refresh');
    expect(refreshes.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer refresh-1',
      'Bearer refresh-1',
    ]);
  });

  it('ends the session when the refresh is refused: event, state, stored login removed, clear error', async () => {
    const { fetch, expire } = service({ refreshFails: 401 });
    const store = new MemorySecretStore();
    const session = makeSession(fetch, store);
    const ended: SessionEndedEvent[] = [];
    session.on('ended', (e) => ended.push(e));
    await session.login('alice', 'key-1');
    expect(await store.get('test:alice')).not.toBeNull();
    expire();
    const error = (await session.client.listDevices().catch((e: unknown) => e)) as ServiceError;
    expect(error.code).toBe('auth');
    expect(error.message).toMatch(
      /session has ended.*refresh token expired \(token_expired\).*Log in again/,
    );
    expect(error.message).not.toMatch(/access-|refresh-1/);
    expect(ended).toHaveLength(1);
    expect(session.snapshot.state).toBe('expired');
    expect(session.whoami()).toBeNull();
    expect(await store.get('test:alice')).toBeNull();
    // The original request was not repeated after the failed refresh.
    expect(fetch.count('GET', '/devices')).toBe(1);
  });

  it('with credentials of its own (a built-in simulator), logs in again instead of ending', async () => {
    const { fetch, expire } = service({ refreshFails: 401 });
    const store = new MemorySecretStore();
    const session = makeSession(fetch, store, { renewWith: { user: 'alice', apiKey: 'key-2' } });
    const ended: SessionEndedEvent[] = [];
    const states: string[] = [];
    session.on('ended', (e) => ended.push(e));
    session.on('state', (s) => states.push(s.state));
    await session.login('alice', 'key-1');
    expire();
    // The call that met the refused token goes through, on the new login, without a word.
    expect((await session.client.listDevices()).length).toBeGreaterThan(0);
    expect(ended).toEqual([]);
    expect(states).not.toContain('expired');
    expect(session.snapshot).toMatchObject({ state: 'active', user: 'alice', message: null });
    expect(fetch.count('POST', '/authorisation-tokens')).toBe(2);
    expect(await store.get('test:alice')).not.toBeNull();
    session.dispose();
  });

  it('reports reconnecting and keeps the login when the refresh cannot reach the service', async () => {
    let down = false;
    const base = service();
    const fetch = fakeFetch(async (req) => {
      if (down && req.path === '/authorisation-tokens/refresh')
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      return base.fetch(req.url.toString(), {
        method: req.method,
        headers: req.headers,
        body: req.body || undefined,
      });
    });
    const session = makeSession(fetch);
    await session.login('alice', 'key-1');
    base.expire();
    down = true;
    const error = (await session.client.listDevices().catch((e: unknown) => e)) as ServiceError;
    expect(error.code).toBe('network');
    expect(session.snapshot.state).toBe('reconnecting');
    expect(session.whoami()?.user).toBe('alice');
    down = false;
    await session.client.listDevices();
    expect(session.snapshot.state).toBe('active');
    session.dispose();
  });

  it('refreshes shortly before expiry without waiting for a 401', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetch } = service({ expiresIn: 100 });
    const session = makeSession(fetch);
    await session.login('alice', 'key-1');
    const firstExpiry = session.whoami()!.expiresAt;
    await vi.advanceTimersByTimeAsync(79_000);
    expect(fetch.count('POST', '/authorisation-tokens/refresh')).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetch.count('POST', '/authorisation-tokens/refresh')).toBe(1);
    expect(session.whoami()!.expiresAt > firstExpiry).toBe(true);
    await session.client.listDevices();
    expect(fetch.calls.at(-1)!.headers.get('authorization')).toBe('Bearer access-2');
    session.dispose();
  });
});

describe('Session persistence', () => {
  it('restores the login in a new session and logout deletes what was stored', async () => {
    const { fetch } = service();
    const store = new MemorySecretStore();
    await makeSession(fetch, store).login('alice', 'key-1');

    const later = makeSession(fetch, store);
    expect(await later.restore()).toMatchObject({ user: 'alice', profile: 'test' });
    await later.client.listDevices();
    expect(fetch.calls.at(-1)!.headers.get('authorization')).toBe('Bearer access-1');

    await later.logout();
    expect(await store.get('test:alice')).toBeNull();
    expect(await store.get('test')).toBeNull();
    expect(await makeSession(fetch, store).restore()).toBeNull();
  });

  it('drops and reports a stored entry it cannot read', async () => {
    const { fetch } = service();
    const store = new MemorySecretStore();
    await store.set('test', JSON.stringify({ version: 1, user: 'alice' }));
    await store.set('test:alice', '{"version": 99}');
    const session = makeSession(fetch, store);
    expect(await session.restore()).toBeNull();
    expect(session.snapshot.message).toMatch(/could not be read/);
    expect(await store.get('test:alice')).toBeNull();
  });

  it('an unauthenticated call fails with an auth error that says to log in', async () => {
    const { fetch } = service();
    const session = makeSession(fetch);
    const error = (await session.client.listDevices().catch((e: unknown) => e)) as ServiceError;
    expect(error.code).toBe('auth');
    expect(error.message).toMatch(
      /Listing devices failed: HTTP 401: token expired \(unauthorized\)\. Log in again\./,
    );
  });
});
