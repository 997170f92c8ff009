/**
 * Browser mode's server in a process of its own, for attacks that would end the process (an
 * uncaught exception) and for memory measured after garbage collection. Started by
 * attacks.test.ts as `node --import tsx --expose-gc web-server-child.ts <folder>`; prints one JSON
 * line `{port, url}`, then answers commands on stdin, one JSON line each:
 * `memory` (heap and external bytes after GC), `launch` (a new one-use address), `stop`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { startWebServer } from '../../../src/web/server';

const root = process.argv[2];
if (!root) throw new Error('usage: web-server-child.ts <folder>');
const rendererDir = path.join(root, 'renderer');
mkdirSync(rendererDir, { recursive: true });
writeFileSync(
  path.join(rendererDir, 'index.html'),
  '<!doctype html><title>Quantum Job Studio</title>',
);

const server = await startWebServer({
  dataDir: path.join(root, 'data'),
  rendererDir,
  variant: 'B',
  simulatorSpeed: 20,
  secretStoreFactory: async () => new MemorySecretStore(),
});

const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

function memory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) gc?.();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, external: m.external, rss: m.rss };
}

say({ port: server.port, url: server.url });
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'memory') say(memory());
  else if (line === 'launch') say({ url: server.newLaunchUrl() });
  else if (line === 'stop') void server.stop().then(() => process.exit(0));
});
