import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../../src/core/client/service-client';
import type { ServiceError } from '../../../../src/core/client/errors';
import { fakeFetch } from '../../../support/fake-fetch';

/**
 * https → http cannot be staged on loopback without certificates; the rule is the client's
 * own, so an in-process fetch answering a redirect stands in for the service.
 */
describe('a redirect from https to http', () => {
  it('is refused always, even to the same host, and says so', async () => {
    const fetch = fakeFetch(
      () =>
        new Response(null, {
          status: 307,
          headers: { location: 'http://service.test/api/v1/authorisation-tokens' },
        }),
    );
    const client = createServiceClient({
      baseUrl: 'https://service.test/api/v1',
      variant: 'A',
      fetch,
      retry: { retries: 0 },
    });
    const error = (await client.login({ assertion: 'x' }).catch((e: unknown) => e)) as ServiceError;
    expect(error.code).toBe('redirect');
    expect(error.message).toBe(
      'Logging in failed: the service redirected it: HTTP 307 from https to http://service.test/api/v1/authorisation-tokens, which is not encrypted: refused, the credentials would travel in clear.',
    );
    expect(fetch.calls.map((c) => c.url.toString())).toEqual([
      'https://service.test/api/v1/authorisation-tokens',
    ]);
    expect(fetch.calls[0]!.headers.get('authorization')).toBeNull();
  });

  it('asks fetch not to follow redirects itself', async () => {
    let seen: RequestInit | undefined;
    const client = createServiceClient({
      baseUrl: 'https://service.test/api/v1',
      variant: 'A',
      fetch: async (_url, init) => {
        seen = init;
        return new Response('{"items":[]}', { status: 200 });
      },
    });
    await client.listDevices();
    expect(seen?.redirect).toBe('manual');
  });
});
