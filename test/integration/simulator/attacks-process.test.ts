import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { loginBody } from './helpers';

/**
 * The simulator in a process of its own, attacked many times over (bodies nested to exhaust the
 * stack, bodies at and over the size limit, text/plain and rebound logins, connections reset in
 * the middle of a request): it must still answer, and its memory after garbage collection must be
 * back within a bound of where it started.
 */
const MB = 1024 * 1024;
const MEMORY_BOUND = 64 * MB;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess('simulator');
});
afterAll(async () => server?.stop());

function send(
  path: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: `/api/v1${path}`,
        headers: {
          host: `127.0.0.1:${server.port}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    // A server that refuses early may close before the whole body is written.
    req.on('error', () => resolve(-1));
    req.end(body);
  });
}

async function token(): Promise<string> {
  const res = await fetch(`${server.url}/authorisation-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(loginBody()),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

describe('the simulator under repeated attack (a process of its own)', () => {
  it('still answers afterwards, with its memory back within a bound', async () => {
    const bearer = { authorization: `Bearer ${await token()}` };
    const baseline = await server.memory();

    const deep = `{"device_code":"sim.statevector","payload":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    for (let i = 0; i < 100; i++) expect(await send('/execute', deep, bearer)).toBe(400);
    const large = `"${'x'.repeat(15 * MB)}"`;
    for (let i = 0; i < 10; i++) expect(await send('/execute', large, bearer)).toBe(422);
    const tooLarge = Buffer.alloc(17 * MB, 0x20);
    for (let i = 0; i < 10; i++)
      expect([413, -1]).toContain(await send('/execute', tooLarge, bearer));
    const login = JSON.stringify(loginBody());
    for (let i = 0; i < 100; i++) {
      expect(await send('/authorisation-tokens', login, { 'content-type': 'text/plain' })).toBe(
        415,
      );
      expect(
        await send('/authorisation-tokens', login, { host: `attacker.example:${server.port}` }),
      ).toBe(421);
    }
    for (let i = 0; i < 100; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(server.port, '127.0.0.1', () => {
          socket.write(
            `POST /api/v1/execute HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Length: 1000\r\n\r\n{"dev`,
          );
          socket.resetAndDestroy();
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve());
      });
    }

    expect(server.alive()).toBe(true);
    const devices = await fetch(`${server.url}/devices`, { headers: bearer });
    expect(devices.status).toBe(200);
    expect((await server.memory()) - baseline).toBeLessThan(MEMORY_BOUND);
  });
});
