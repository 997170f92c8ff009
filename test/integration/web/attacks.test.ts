import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_MAX_FRAME_BYTES } from '../../../src/shared/ipc/limits';
import { SOCKET_CLOSE } from '../../../src/shared/ipc/socket-protocol';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

/**
 * Browser mode's server, with its real core and embedded simulator, in a child process, attacked
 * the ways a web page or a local program can: protocol errors on a socket, connections reset
 * while a refusal is written, a flood of calls that are never read. After each attack the
 * process must still be there and serving, and after all of them its memory (after GC) must be
 * back within a bound of where it started.
 */
const MB = 1024 * 1024;
/** Generous: one refused 64 MB frame can be in memory at once, garbage is collected before measuring. */
const MEMORY_BOUND = 96 * MB;
/** While one socket floods the server with calls it never reads the answers of. */
const FLOOD_BOUND = 48 * MB;

let server: ServerProcess;
let port = 0;
const ask = <T>(command: string) => server.ask<T>(command);
const memory = () => server.memory();
const alive = () => server.alive();

beforeAll(async () => {
  server = await startServerProcess('web');
  port = server.port;
});
afterAll(async () => server?.stop());

const origin = () => `http://127.0.0.1:${port}`;

/** A socket with a fresh launch token, open and past its session message. */
async function openApp(): Promise<WebSocket> {
  const { url } = await ask<{ url: string }>('launch');
  const token = new URL(url).hash.replace('#token=', '');
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, ['qjob.v1', `qjob.token.${token}`], {
    headers: { Origin: origin() },
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve()); // the session token comes first
    ws.once('error', reject);
  });
  return ws;
}

let nextId = 1;
function call(ws: WebSocket, name: string, input: unknown = {}): Promise<Record<string, unknown>> {
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      if (message.type !== 'result' || message.id !== id) return;
      ws.off('message', onMessage);
      resolve(message);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'call', id, name, input }));
  });
}

const closeOf = (ws: WebSocket) =>
  new Promise<{ code: number }>((resolve) => ws.once('close', (code) => resolve({ code })));

/** The server still answers a new page with the real core behind it. */
async function stillServing(): Promise<void> {
  expect(alive()).toBe(true);
  const ws = await openApp();
  expect(await call(ws, 'session.get')).toMatchObject({ ok: true, value: { state: 'active' } });
  ws.close();
}

describe('browser mode under attack (a server process of its own)', () => {
  let baseline = 0;
  let jobId = 0;
  it('starts, serves, and is measured', async () => {
    await stillServing();
    const ws = await openApp();
    const text = readFileSync('test/fixtures/dialect/b-sampling-bell.yaml', 'utf8');
    const submitted = await call(ws, 'jobs.submit', { text, deviceCode: 'sim.statevector' });
    expect(submitted).toMatchObject({ ok: true });
    jobId = (submitted.value as { jobId: number }).jobId;
    ws.close();
    baseline = await memory();
  });

  it('closes a socket that sends a frame over the limit (an autosave of two 34 MB tabs), and only that one', async () => {
    const bystander = await openApp();
    const attacker = await openApp();
    const closed = closeOf(attacker);
    attacker.on('error', () => undefined);
    const text = 'x'.repeat(34 * MB);
    const frame = JSON.stringify({
      type: 'call',
      id: 1,
      name: 'drafts.save',
      input: { tabs: ['a', 'b'].map((id) => ({ id, title: id, text, path: null })) },
    });
    expect(frame.length).toBeGreaterThan(SOCKET_MAX_FRAME_BYTES);
    attacker.send(frame);
    expect((await closed).code).toBe(SOCKET_CLOSE.tooLarge);
    expect(await call(bystander, 'app.info')).toMatchObject({ ok: true });
    bystander.close();
    await stillServing();
  });

  it('closes a socket that sends text that is not UTF-8', async () => {
    const attacker = await openApp();
    attacker.on('error', () => undefined);
    const closed = closeOf(attacker);
    attacker.send(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), { binary: false });
    expect((await closed).code).toBe(SOCKET_CLOSE.invalidText);
    await stillServing();
  });

  it('survives clients that reset the connection while a refusal is written', async () => {
    const requests = [
      `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Protocol: qjob.v1\r\n\r\n',
      `GET /ws HTTP/1.1\r\nHost: attacker.example:${port}\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
        'Sec-WebSocket-Version: 13\r\n\r\n',
    ];
    for (let round = 0; round < 100; round++) {
      for (const request of requests) {
        await new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(request);
            // Half the time at once, half the time as the refusal arrives.
            if (round % 2 === 0) socket.resetAndDestroy();
            else socket.once('data', () => socket.resetAndDestroy());
          });
          socket.on('error', () => undefined);
          socket.on('close', () => resolve());
        });
      }
    }
    await new Promise((r) => setTimeout(r, 100)); // let any error the resets raise reach the server
    await stillServing();
  });

  it('bounds the calls one socket has in flight, even when it never reads the answers', async () => {
    const flooder = await openApp();
    flooder.pause(); // reads nothing: every answer stays with the server or the network
    const template = { type: 'call', name: 'templates.list', input: { variant: 'B' } };
    for (let id = 1; id <= 10_000; id++) flooder.send(JSON.stringify({ ...template, id }));
    await new Promise((r) => setTimeout(r, 3000)); // time for the server to do what it will
    // 10,000 answers of ~25 kB held at once would be ~250 MB; the bound keeps a few dozen.
    expect((await memory()) - baseline).toBeLessThan(FLOOD_BOUND);
    await stillServing();

    // Read it all now: every call was answered, run or refused as busy.
    const answers = { ok: 0, busy: 0 };
    let count = 0;
    const all = new Promise<void>((resolve) =>
      flooder.on('message', (data) => {
        const m = JSON.parse(data.toString()) as {
          type: string;
          ok: boolean;
          error?: { code: string };
        };
        if (m.type !== 'result') return; // an event the app sent meanwhile (a device refresh)
        if (m.ok) answers.ok++;
        else if (m.error?.code === 'busy') answers.busy++;
        if (++count === 10_000) resolve();
      }),
    );
    flooder.resume();
    await all;
    expect(answers.ok + answers.busy).toBe(10_000);
    flooder.close();
  });

  it('keeps its embedded simulator and jobs running, and its memory within a bound of the start', async () => {
    const ws = await openApp();
    const devices = await call(ws, 'devices.list', { refresh: true });
    expect(devices).toMatchObject({ ok: true });
    let job: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) {
      job = await call(ws, 'jobs.get', { id: jobId });
      if ((job.value as { detail: { status: string } }).detail.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job).toMatchObject({ ok: true, value: { detail: { id: jobId, status: 'completed' } } });
    ws.close();
    await new Promise((r) => setTimeout(r, 200));
    expect((await memory()) - baseline).toBeLessThan(MEMORY_BOUND);
  });
});
