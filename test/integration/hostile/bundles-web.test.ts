import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { documentToExecutePayload } from '../../../src/shared/yaml';
import { callApp, openAppSocket } from '../../support/app-socket';
import { HOSTILE_DIR, documentBytes } from '../../support/hostile-corpus';
import { bundleAttacks } from '../../support/hostile-bundles';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

/**
 * Hostile bundles opened through browser mode's server (`bundles.open` on its socket: the same
 * core Electron's main process runs), in a process of its own with its heap capped at HEAP_MIB.
 * A bundle is a real one the server exported, its payload replaced by a corpus document refused
 * for a limit (4 million `[`: before, this took the server down), or its result by JSON no one
 * should parse whole. Each is answered with the refusal, where it is and the limit; the server
 * keeps serving, its memory after GC back within MEMORY_BOUND of where it started.
 */
const HEAP_MIB = 640;
const MB = 1024 * 1024;
/** A refused 48 MB bundle may still be in memory (as the frame's text) when measured. */
const MEMORY_BOUND = 128 * MB;

let server: ServerProcess;
let ws: WebSocket;
let realBundle = '';
beforeAll(async () => {
  server = await startServerProcess('web', { heapMiB: HEAP_MIB });
  ws = await openAppSocket(server);
  const text = readFileSync(path.join(HOSTILE_DIR, 'documents', 'control.yaml'), 'utf8');
  const submitted = await callApp(ws, 'jobs.submit', { text, deviceCode: 'sim.statevector' });
  expect(submitted.ok, JSON.stringify(submitted.error)).toBe(true);
  const { jobId } = submitted.value as { jobId: number };
  const exported = await callApp(ws, 'bundles.export', { ids: [jobId] });
  expect(exported.ok, JSON.stringify(exported.error)).toBe(true);
  realBundle = (exported.value as { text: string }).text;
}, 60_000);
afterAll(async () => {
  ws?.close();
  await server?.stop();
});

interface OpenedJob {
  view: { problems: { field: string; message: string }[] };
}

describe('hostile bundles: opened through browser mode’s server', () => {
  let baseline = 0;
  it('opens the real bundle the attacks are made from', async () => {
    const opened = await callApp(ws, 'bundles.open', {
      text: realBundle,
      fileName: 'real.qjob.json',
    });
    expect(opened.ok, JSON.stringify(opened.error)).toBe(true);
    baseline = await server.memory();
  });

  for (const attack of bundleAttacks()) {
    it(`${attack.id}: ${attack.what} → ${attack.expect.outcome}`, async () => {
      const fileName = `${attack.id}.qjob.json`;
      const answer = await callApp(ws, 'bundles.open', { text: attack.make(realBundle), fileName });
      if (attack.expect.outcome === 'refused') {
        expect(answer.ok).toBe(false);
        expect(answer.error?.code).toBe('invalid-input');
        expect(answer.error?.message).toContain(`${fileName} is not opened: it `);
        expect(answer.error?.message).toContain(attack.expect.message);
      } else {
        expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
        const [job] = (answer.value as { jobs: OpenedJob[] }).jobs;
        const problem = job!.view.problems.find((p) => p.field === 'payload');
        // The same refusal, at the same line and column, as the editor and `qjob validate` give.
        const text = documentBytes(attack.document!).toString('utf8');
        const { problems } = documentToExecutePayload('B', text);
        expect(problems.some((p) => p.message.includes(attack.expect.message))).toBe(true);
        const first = problems.find((p) => p.severity === 'error')!;
        expect(problem?.message).toMatch(/^The payload is not a valid Variant B payload \(/);
        expect(problem?.message).toContain(
          `; first at line ${first.line}, column ${first.column}: ${first.message})`,
        );
      }
      expect(server.alive()).toBe(true);
    }, 120_000);
  }

  it('keeps serving, its memory back within a bound of the start', async () => {
    expect(server.alive()).toBe(true);
    expect(await callApp(ws, 'app.info')).toMatchObject({ ok: true });
    expect((await server.memory()) - baseline).toBeLessThan(MEMORY_BOUND);
  });
});
