import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../../src/shared/ipc/socket-protocol';
import type { NonReadingClient } from '../../support/hostile-socket';
import { nonReadingClient, playSocketCase, socketCases } from '../../support/hostile-socket';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

/**
 * Slow readers (issue 28): browser mode's server in a process of its own with a 1 GB heap, a
 * 45 MB draft kept, then eight sockets that never read a byte, each asking for the drafts forty
 * times. Before, every socket had 32 answers of 45 MB built before its unread bytes were looked
 * at, and the server died out of heap. Now an answer is built only for a socket that reads them
 * (and while all sockets together leave little unread): the server stays alive, closes the
 * eight, answers a page, and its memory comes back within a bound of where it started.
 */
const MB = 1024 * 1024;
const DRAFT_CHARS = 45 * MB;
const SOCKETS = 8;
const CALLS_PER_SOCKET = 40;
/** The server's heap: eight sockets' worth of 32 answers of 45 MB is twenty times more. */
const HEAP_MB = 1024;
/** As `aftermath.test.ts`: what a refused attack may leave behind. */
const BOUND = 96 * MB;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess('web', { heapMiB: HEAP_MB });
});
afterAll(async () => server?.stop());

const launchToken = async () =>
  new URL((await server.ask<{ url: string }>('launch')).url).hash.replace('#token=', '');

/** Saves one tab of `chars` characters through a page that reads. */
async function saveDraft(chars: number): Promise<void> {
  const ws = new WebSocket(
    `ws://127.0.0.1:${server.port}/ws`,
    [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${await launchToken()}`],
    { headers: { Origin: `http://127.0.0.1:${server.port}` } },
  );
  const answer = new Promise<{ ok: boolean }>((resolve) =>
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string; ok: boolean };
      if (m.type === 'result') resolve(m);
    }),
  );
  await new Promise((resolve) => ws.once('open', resolve));
  const tab = { id: 't1', title: 'big', text: 'x'.repeat(chars), path: null };
  ws.send(JSON.stringify({ type: 'call', id: 1, name: 'drafts.save', input: { tabs: [tab] } }));
  expect(await answer).toMatchObject({ ok: true });
  ws.close();
}

/** Memory after garbage collection, asked for until it is within `bound` (or time is up). */
async function settlesWithin(bound: number, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  let memory = await server.memory();
  while (memory > bound && Date.now() < until && server.alive()) {
    await new Promise((r) => setTimeout(r, 2_000));
    memory = await server.memory();
  }
  return memory;
}

describe('browser mode and pages that never read', () => {
  it('builds no answers for them past their bound, and stays alive and small', async () => {
    await saveDraft(DRAFT_CHARS);
    const control = socketCases().find((c) => c.id === 'sock-control')!;
    const target = { port: server.port, launchToken };
    expect((await playSocketCase(target, control)).code).toBe('answer ok');
    const baseline = await server.memory();

    const readers: NonReadingClient[] = [];
    for (let k = 0; k < SOCKETS; k++) {
      const reader = await nonReadingClient(server.port, await launchToken());
      for (let id = 1; id <= CALLS_PER_SOCKET; id++)
        reader.send(JSON.stringify({ type: 'call', id, name: 'drafts.load', input: {} }));
      readers.push(reader);
    }
    // The server closes each of them once it has left too much unread; then what they were
    // sent is freed while they are still connected.
    const during = await settlesWithin(baseline + BOUND, 150_000);
    expect(server.alive()).toBe(true);
    expect(during - baseline).toBeLessThan(BOUND);

    for (const reader of readers) reader.destroy();
    expect((await playSocketCase(target, control)).code).toBe('answer ok');
    expect((await settlesWithin(baseline + BOUND, 10_000)) - baseline).toBeLessThan(BOUND);
  }, 240_000);
});
