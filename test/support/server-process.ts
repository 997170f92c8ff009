import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-child.ts');

export interface ServerProcess {
  port: number;
  url: string;
  /** Sends a command (see server-child.ts) and resolves with its one-line JSON answer. */
  ask<T>(command: string): Promise<T>;
  /** Heap and external bytes after garbage collection. */
  memory(): Promise<number>;
  /** The process has not exited (an uncaught exception would end it). */
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * Browser mode's server or the simulator in a child process, on a fresh folder; `heapMiB` caps
 * its heap (`--max-old-space-size`), so an attack that would take gigabytes ends it at once.
 */
export async function startServerProcess(
  kind: 'web' | 'simulator',
  { heapMiB }: { heapMiB?: number } = {},
): Promise<ServerProcess> {
  const root = mkdtempSync(path.join(os.tmpdir(), `qjob-${kind}-process-`));
  const heap = heapMiB ? [`--max-old-space-size=${heapMiB}`] : [];
  const args = [...heap, '--import', 'tsx', '--expose-gc', CHILD, kind, root];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let waiting: ((line: string) => void) | null = null;
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const w = waiting;
    waiting = null;
    if (w) w(line);
    else lines.push(line);
  });
  // An answer never comes from a process that ended (an attack that took it down): say so.
  const ended = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`the ${kind} process ended (exit code ${code}, signal ${signal})`)),
    ),
  );
  ended.catch(() => undefined);
  child.stdin.on('error', () => undefined);
  const nextLine = (): Promise<string> => {
    const line = lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return Promise.race([new Promise<string>((resolve) => (waiting = resolve)), ended]);
  };
  const ask = async <T>(command: string): Promise<T> => {
    if (!alive()) await ended;
    child.stdin.write(`${command}\n`);
    return JSON.parse(await nextLine()) as T;
  };
  const alive = () => child.exitCode === null && child.signalCode === null;
  const { port, url } = JSON.parse(await nextLine()) as { port: number; url: string };
  return {
    port,
    url,
    ask,
    alive,
    memory: async () => {
      const m = await ask<{ heapUsed: number; external: number }>('memory');
      return m.heapUsed + m.external;
    },
    stop: async () => {
      if (alive()) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin.write('stop\n');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
