import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../../src/core/auth/memory-secret-store';
import { SecretStoreError } from '../../../../src/core/auth/secret-store';
import { Session } from '../../../../src/core/auth/session';
import { SessionError } from '../../../../src/core/auth/errors';
import { tokensOfStored } from '../../../../src/core/auth/stored-session';
import { createServiceClient } from '../../../../src/core/client/service-client';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import { DEVICES_BODY, wireToken } from '../../../support/wire-fixtures';

/**
 * A secret store that refuses to keep a login, as a locked keychain does ("Cannot create an
 * item in a locked collection"): reads find nothing, writes fail.
 */
class LockedStore extends MemorySecretStore {
  override async set(): Promise<void> {
    throw new SecretStoreError(
      'failed',
      'The OS keychain did not store the login (Cannot create an item in a locked collection).',
    );
  }
}

function service() {
  return fakeFetch((req) => {
    if (req.path === '/authorisation-tokens') return jsonResponse(wireToken({ access: 'A1' }));
    if (req.headers.get('authorization') !== 'Bearer A1')
      return jsonResponse({ message: 'not authenticated' }, 401);
    return jsonResponse(DEVICES_BODY);
  });
}

function sessionOn(fetch: ReturnType<typeof fakeFetch>, keepUnsavedLogin?: boolean) {
  return new Session({
    client: createServiceClient({ baseUrl: BASE_URL, variant: 'B', fetch, retry: { retries: 0 } }),
    profile: 'p',
    audience: 'aud',
    store: new LockedStore(),
    ...(keepUnsavedLogin === undefined ? {} : { keepUnsavedLogin }),
  });
}

describe('a login the secret store refuses to keep', () => {
  it('fails by default (the CLI), saying why, and stays logged out', async () => {
    const fetch = service();
    const session = sessionOn(fetch);
    const error = (await session.login('alice', 'key').catch((e: unknown) => e)) as SessionError;
    expect(error).toBeInstanceOf(SessionError);
    expect(error.code).toBe('secret-store');
    expect(error.message).toBe(
      'The service accepted the login, but nothing of it could be kept and you are not logged in: The OS keychain did not store the login (Cannot create an item in a locked collection).',
    );
    expect(session.state).toBe('logged-out');
    expect(session.whoami()).toBeNull();
  });

  it('is kept for this run when asked (the app), and the session says it will not survive', async () => {
    const fetch = service();
    const session = sessionOn(fetch, true);
    expect(await session.login('alice', 'key')).toMatchObject({ user: 'alice' });
    expect(session.snapshot).toMatchObject({
      state: 'active',
      user: 'alice',
      message:
        'Logged in, but the login could not be kept: The OS keychain did not store the login (Cannot create an item in a locked collection). It is kept in memory until the app is closed.',
    });
    await session.client.listDevices();
    expect(fetch.calls.at(-1)!.headers.get('authorization')).toBe('Bearer A1');
    // Nothing to find for the next start.
    expect(await sessionOn(fetch, true).restore()).toBeNull();
    session.dispose();
  });
});

describe('stored sessions', () => {
  it('count a kept token’s lifetime from its receipt, or from when it was saved (earlier builds)', () => {
    const stored = {
      version: 1 as const,
      user: 'alice',
      profile: 'p',
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 5_000,
      issuedAt: '1',
      savedAt: 2_000,
    };
    expect(tokensOfStored({ ...stored, receivedAt: 1_000 }).receivedAt).toBe(1_000);
    expect(tokensOfStored(stored).receivedAt).toBe(2_000);
  });
});
