import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../../src/simulator/auth/token-service';
import { listen, type RunningServer } from '../../../src/simulator/server/http-server';
import { createRequestListener } from '../../../src/simulator/server/request-listener';
import { Router } from '../../../src/simulator/server/router';

/**
 * A bug in one route must cost that request only: the simulator's real listener on a real
 * loopback server, with routes that fail every way a handler can (a throw, a rejection, a body
 * that cannot be written as JSON) and a problem reporter that throws too.
 */
describe('the simulator’s request listener with failing routes', () => {
  let server: RunningServer;
  const reported: unknown[] = [];
  beforeAll(async () => {
    const router = new Router([
      {
        method: 'GET',
        path: '/throws',
        auth: 'none',
        handle: () => {
          throw new Error('a bug in a route');
        },
      },
      {
        method: 'GET',
        path: '/rejects',
        auth: 'none',
        handle: () => Promise.reject(new TypeError('a bug in an async route')),
      },
      {
        method: 'GET',
        path: '/unserialisable',
        auth: 'none',
        handle: () => ({ status: 200, body: { n: 1n } }),
      },
      { method: 'GET', path: '/ok', auth: 'none', handle: () => ({ status: 200, body: 'ok' }) },
    ]);
    const listener = createRequestListener({
      basePath: '/api/v1',
      router,
      tokens: new TokenService({
        secret: randomBytes(32),
        accessTtlSeconds: 60,
        refreshTtlSeconds: 60,
      }),
      maxBodyBytes: 1024,
      onInternalError: (error) => {
        reported.push(error);
        throw new Error('the reporter fails as well');
      },
    });
    server = await listen(listener, '127.0.0.1', 0);
  });
  afterAll(async () => server.close());

  const get = (path: string) => fetch(`http://127.0.0.1:${server.port}/api/v1${path}`);

  it('answers 500 to the failing request alone and serves the next one', async () => {
    for (const path of ['/throws', '/rejects', '/unserialisable']) {
      const failed = await get(path);
      expect(failed.status, path).toBe(500);
      expect(await failed.json()).toEqual({ message: 'internal error', code: 'internal_error' });
      const next = await get('/ok');
      expect(next.status, `after ${path}`).toBe(200);
      expect(await next.json()).toBe('ok');
    }
    expect(reported.map((e) => (e as Error).message)).toEqual([
      'a bug in a route',
      'a bug in an async route',
      expect.stringMatching(/BigInt/),
    ]);
  });
});
