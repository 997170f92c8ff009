import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { Session } from '../../../src/core/auth/session';
import { tokenAccount } from '../../../src/core/auth/secret-store';
import { createServiceClient } from '../../../src/core/client/service-client';
import { failure } from '../../support/service-session';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import { DEVICES_BODY, wireToken } from '../../support/wire-fixtures';

/**
 * A token is sent back in the Authorization header. One with a line break or a space was
 * accepted at login and then broke every call as "the service could not be reached"; it is
 * refused where it arrives (login, refresh, a kept login) with what is wrong, never the token.
 */

let server: FaultyServer;
let store: MemorySecretStore;
beforeEach(async () => {
  server = await startFaultyServer();
  store = new MemorySecretStore();
});
afterEach(async () => {
  await server.close();
});

function session() {
  const client = createServiceClient({
    baseUrl: server.url,
    variant: 'B',
    fetch: (url, init) => fetch(url, init),
    retry: { retries: 0 },
  });
  return new Session({ client, profile: 'p', audience: 'a', store });
}

describe('tokens that cannot travel in a header', () => {
  it.each([
    ['abc\r\nX-Injected: 1', 'a carriage return (CR) at position 3 (of 18)'],
    ['abc\ndef', 'a line feed (LF) at position 3 (of 7)'],
    ['abc def', 'a space at position 3 (of 7)'],
    ['abcé', 'the character U+00E9 at position 3 (of 4)'],
  ])('an access token %j is refused at login, saying what and where', async (access, what) => {
    server.route('POST', '/authorisation-tokens', json(wireToken({ access })));
    const s = session();
    const error = await failure(s.login('alice', 'key'));
    expect(error.code).toBe('decode');
    expect(error.message).toBe(
      `Logging in failed: the service's answer does not fit the expected format at 'accessToken' (accessToken: contains ${what}; a token must be visible ASCII without spaces to be sent in an HTTP header)`,
    );
    expect(error.message).not.toContain(access);
    expect(s.state).toBe('logged-out');
    expect(await store.get(tokenAccount('p', 'alice'))).toBeNull();
  });

  it('a refresh token with a line break is refused too', async () => {
    server.route('POST', '/authorisation-tokens', json(wireToken({ refresh: 'r1\r\n' })));
    const error = await failure(session().login('alice', 'key'));
    expect(error.message).toMatch(/at 'refreshToken' \(refreshToken: contains a carriage return/);
  });

  it('a kept login whose token has a line break is dropped, not used', async () => {
    server.route('POST', '/authorisation-tokens', json(wireToken({ access: 'good' })));
    server.route('GET', '/devices', json(DEVICES_BODY));
    const first = session();
    await first.login('alice', 'key');
    const kept = JSON.parse((await store.get(tokenAccount('p', 'alice')))!) as Record<
      string,
      unknown
    >;
    await store.set(
      tokenAccount('p', 'alice'),
      JSON.stringify({ ...kept, accessToken: 'bad\r\nx' }),
    );
    const second = session();
    expect(await second.restore()).toBeNull();
    expect(second.snapshot.message).toBe(
      'The stored login could not be read and was removed; log in again.',
    );
  });
});
