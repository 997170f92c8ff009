import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardRequestListener } from '../../../../src/node-kit/loopback/guarded-listener';

/**
 * The guard both loopback servers (browser mode, the simulator) put around their handlers, on a
 * real HTTP server: a handler that throws, rejects, or fails after it started answering costs that
 * request only, and the server answers the next one.
 */
describe('guardRequestListener', () => {
  let server: Server;
  let port = 0;
  const reported: string[] = [];
  beforeAll(async () => {
    server = createServer(
      guardRequestListener(
        (req, res) => {
          if (req.url === '/throws') throw new Error('thrown');
          if (req.url === '/rejects') return Promise.reject(new Error('rejected'));
          if (req.url === '/half') {
            res.writeHead(200, { 'content-length': '100' });
            res.write('partial');
            throw new Error('after the head');
          }
          res.end('ok');
        },
        {
          report: (error, req) => reported.push(`${req.url}: ${(error as Error).message}`),
          answer500: (res) => res.writeHead(500).end('internal error'),
        },
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);

  it('answers 500 to a handler that throws or rejects, then serves the next request', async () => {
    for (const path of ['/throws', '/rejects']) {
      const failed = await get(path);
      expect(failed.status).toBe(500);
      expect(await failed.text()).toBe('internal error');
      expect(await (await get('/')).text()).toBe('ok');
    }
  });

  it('drops the connection of a handler that fails after its answer started', async () => {
    await expect(get('/half').then((r) => r.text())).rejects.toThrow();
    expect(await (await get('/')).text()).toBe('ok');
    expect(reported).toEqual(['/throws: thrown', '/rejects: rejected', '/half: after the head']);
  });
});
