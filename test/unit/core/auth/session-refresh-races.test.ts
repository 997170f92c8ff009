import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../../src/core/auth/memory-secret-store';
import { Session } from '../../../../src/core/auth/session';
import type { SecretStore } from '../../../../src/core/auth/secret-store';
import { createServiceClient } from '../../../../src/core/client/service-client';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import type { FakeRequest } from '../../../support/fake-fetch';
import { DEVICES_BODY, wireToken } from '../../../support/wire-fixtures';

/**
 * What a refresh may and may not do to the login around it: a logout while it is on its way
 * (or while its result is being saved) wins, and a renewed login is kept for the next start.
 */

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A service that rotates both tokens on every refresh and accepts only the newest of each:
 * a stale refresh token is refused (401), as a rotating service does.
 */
function rotatingService(options: { holdRefresh?: Promise<void> } = {}) {
  let generation = 1;
  let revoked = false;
  const fetch = fakeFetch(async (req: FakeRequest) => {
    if (req.path === '/authorisation-tokens') {
      generation = 1;
      return jsonResponse(wireToken({ access: 'access-1', refresh: 'refresh-1' }));
    }
    if (req.path === '/authorisation-tokens/refresh') {
      if (req.headers.get('authorization') !== `Bearer refresh-${generation}`) {
        return jsonResponse({ detail: 'refresh token revoked', code: 'invalid_grant' }, 401);
      }
      await options.holdRefresh;
      generation++;
      revoked = false;
      return jsonResponse(
        wireToken({ access: `access-${generation}`, refresh: `refresh-${generation}` }),
      );
    }
    if (revoked || req.headers.get('authorization') !== `Bearer access-${generation}`) {
      return jsonResponse({ message: 'token expired', code: 'unauthorized' }, 401);
    }
    return jsonResponse(DEVICES_BODY);
  });
  /** The current access token runs out on the service's side: calls get a 401 until a refresh. */
  const expireAccess = () => {
    revoked = true;
  };
  return { fetch, expireAccess };
}

function sessionOn(fetch: ReturnType<typeof fakeFetch>, store: SecretStore) {
  const client = createServiceClient({
    baseUrl: BASE_URL,
    variant: 'B',
    fetch,
    retry: { retries: 0 },
  });
  return new Session({ client, profile: 'test', audience: 'aud', store });
}

/** A memory store whose writes can be held half-way, to stop a refresh while it saves. */
class HeldStore extends MemorySecretStore {
  hold: Promise<void> | null = null;
  writing = deferred();
  override async set(account: string, secret: string): Promise<void> {
    if (this.hold) {
      this.writing.resolve();
      await this.hold;
    }
    return super.set(account, secret);
  }
}

async function storedAccounts(store: SecretStore): Promise<Record<string, string | null>> {
  return { token: await store.get('test:alice'), user: await store.get('test') };
}

describe('a refresh and a logout at the same time', () => {
  it('a refresh answered after logout does not bring the session back', async () => {
    const release = deferred();
    const { fetch, expireAccess } = rotatingService({ holdRefresh: release.promise });
    const store = new MemorySecretStore();
    const session = sessionOn(fetch, store);
    await session.login('alice', 'key');
    expireAccess();
    const call = session.client.listDevices().catch((e: unknown) => e);
    // Wait until the refresh request is on its way, then log out before it is answered.
    while (fetch.count('POST', '/authorisation-tokens/refresh') === 0) await tick();
    await session.logout();
    release.resolve();
    await call;

    expect(session.state).toBe('logged-out');
    expect(session.whoami()).toBeNull();
    expect(await storedAccounts(store)).toEqual({ token: null, user: null });
    // The call the refresh was for is not sent again after the logout.
    expect(fetch.count('GET', '/devices')).toBe(1);
    expect(await bearerAfterwards(session, fetch)).toBeNull();
  });

  it('a logout while the renewed login is being saved leaves nothing stored and stays logged out', async () => {
    const { fetch, expireAccess } = rotatingService();
    const store = new HeldStore();
    const session = sessionOn(fetch, store);
    await session.login('alice', 'key');
    expireAccess();
    const release = deferred();
    store.hold = release.promise;
    const call = session.client.listDevices().catch((e: unknown) => e);
    await store.writing.promise;
    const loggedOut = session.logout();
    store.hold = null;
    release.resolve();
    await loggedOut;
    await call;

    expect(session.state).toBe('logged-out');
    expect(session.whoami()).toBeNull();
    expect(await storedAccounts(store)).toEqual({ token: null, user: null });
    expect(await bearerAfterwards(session, fetch)).toBeNull();
    // A new start finds no login.
    expect(await sessionOn(fetch, store).restore()).toBeNull();
  });
});

describe('a login while a refresh is on its way', () => {
  it('wins, and the call the refresh was for goes on with the new login', async () => {
    const release = deferred();
    let logins = 0;
    const fetch = fakeFetch(async (req: FakeRequest) => {
      if (req.path === '/authorisation-tokens') {
        logins++;
        return jsonResponse(wireToken({ access: `login-${logins}`, refresh: `r-${logins}` }));
      }
      if (req.path === '/authorisation-tokens/refresh') {
        await release.promise;
        return jsonResponse(wireToken({ access: 'renewed', refresh: 'r-renewed' }));
      }
      // The first login's token has run out; any other is good.
      if (req.headers.get('authorization') === 'Bearer login-1')
        return jsonResponse({ message: 'token expired' }, 401);
      return jsonResponse(DEVICES_BODY);
    });
    const session = sessionOn(fetch, new MemorySecretStore());
    await session.login('alice', 'key');
    const call = session.client.listDevices();
    while (fetch.count('POST', '/authorisation-tokens/refresh') === 0) await tick();
    await session.login('alice', 'key');
    release.resolve();
    expect(await call).toHaveLength(1);
    expect(fetch.calls.at(-1)!.headers.get('authorization')).toBe('Bearer login-2');
    expect(session.snapshot).toMatchObject({ state: 'active', message: null });
    session.dispose();
  });
});

describe('a renewed login is kept', () => {
  it('the next start uses the renewed tokens, not the spent refresh token', async () => {
    const { fetch, expireAccess } = rotatingService();
    const store = new MemorySecretStore();
    const first = sessionOn(fetch, store);
    await first.login('alice', 'key');
    expireAccess();
    await first.client.listDevices();
    expect(fetch.count('POST', '/authorisation-tokens/refresh')).toBe(1);
    expect(first.snapshot).toMatchObject({ state: 'active', message: null });
    first.dispose();

    const next = sessionOn(fetch, store);
    expect(await next.restore()).toMatchObject({ user: 'alice' });
    await next.client.listDevices();
    expect(fetch.calls.at(-1)!.headers.get('authorization')).toBe('Bearer access-2');
    // When the renewed access token runs out too, its own refresh token (not the first) renews it.
    expireAccess();
    await next.client.listDevices();
    const refreshes = fetch.calls.filter((c) => c.path === '/authorisation-tokens/refresh');
    expect(refreshes.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer refresh-1',
      'Bearer refresh-2',
    ]);
    expect(next.state).toBe('active');
    next.dispose();
  });
});

/** The Authorization header of the session's next call (null: it sent none). */
async function bearerAfterwards(
  session: Session,
  fetch: ReturnType<typeof fakeFetch>,
): Promise<string | null> {
  const before = fetch.calls.length;
  await session.client.listDevices().catch(() => null);
  return fetch.calls[before]?.headers.get('authorization') ?? null;
}

function tick(): Promise<void> {
  return new Promise((r) => setTimeout(r, 1));
}
