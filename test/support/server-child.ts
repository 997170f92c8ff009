/**
 * A server of the app in a process of its own, for attacks that would end the process (an
 * uncaught exception) and for memory measured after garbage collection. Started through
 * `startServerChild` (./server-process.ts) as
 * `node --import tsx --expose-gc server-child.ts <web|simulator> <folder>`; prints one JSON line
 * `{port, url}`, then answers commands on stdin, one JSON line each: `memory` (heap and external
 * bytes after GC), `launch` (browser mode: a new one-use address), `stop`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { MemorySecretStore } from '../../src/core/auth/memory-secret-store';
import { startSimulator } from '../../src/simulator';
import { startWebServer } from '../../src/web/server';

const [kind, root] = process.argv.slice(2);
if ((kind !== 'web' && kind !== 'simulator') || !root)
  throw new Error('usage: server-child.ts <web|simulator> <folder>');

async function start(): Promise<{
  port: number;
  url: string;
  launch(): string;
  stop(): Promise<void>;
}> {
  if (kind === 'simulator') {
    const sim = await startSimulator({
      variant: 'B',
      dataDir: path.join(root!, 'data'),
      speed: 20,
    });
    return { port: sim.port, url: sim.url, launch: () => sim.url, stop: () => sim.stop() };
  }
  const rendererDir = path.join(root!, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(
    path.join(rendererDir, 'index.html'),
    '<!doctype html><title>Quantum Job Studio</title>',
  );
  const server = await startWebServer({
    dataDir: path.join(root!, 'data'),
    rendererDir,
    variant: 'B',
    simulatorSpeed: 20,
    secretStoreFactory: async () => new MemorySecretStore(),
  });
  return {
    port: server.port,
    url: server.url,
    launch: () => server.newLaunchUrl(),
    stop: () => server.stop(),
  };
}

const server = await start();
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
  else if (line === 'launch') say({ url: server.launch() });
  else if (line === 'stop') void server.stop().then(() => process.exit(0));
});
