import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { startWebServer, type WebServer } from '../../../src/web/server';
import { playSocketCase, socketCases } from '../../support/hostile-socket';

/**
 * The socket corpus (test/fixtures/hostile/socket/index.json) against a real browser-mode server
 * in this process (`qjob web`'s server with its core and embedded simulator): upgrades without
 * a token or from another Host or Origin, frames over the limit, not UTF-8, binary, not JSON,
 * unknown calls, input 100,000 levels deep, 10,000 calls at once. Each ends as the index says:
 * a refused upgrade (`http 401`), a closed socket (`close 1009`) or an answer (`answer busy`).
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-hostile-socket-'));
let server: WebServer;

beforeAll(async () => {
  const rendererDir = path.join(root, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  server = await startWebServer({
    dataDir: path.join(root, 'data'),
    rendererDir,
    variant: 'B',
    simulatorSpeed: 20,
    secretStoreFactory: async () => new MemorySecretStore(),
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

const target = () => ({
  port: server.port,
  launchToken: async () => new URL(server.newLaunchUrl()).hash.replace('#token=', ''),
});

describe('hostile socket frames: browser mode', () => {
  for (const c of socketCases()) {
    it(`${c.id}: ${c.what} → ${c.expect.code}`, async () => {
      const seen = await playSocketCase(target(), c);
      expect(seen.code).toBe(c.expect.code);
      expect(seen.message).toContain(c.expect.message ?? '');
      expect(seen.message).not.toMatch(/call stack|RangeError|TypeError/);
    });
  }

  it('still answers a page afterwards', async () => {
    const control = socketCases().find((c) => c.id === 'sock-control')!;
    expect((await playSocketCase(target(), control)).code).toBe('answer ok');
    // The __proto__ key arrived as data, never as the prototype of anything in this process.
    expect(Object.prototype).not.toHaveProperty('variant');
  });
});
