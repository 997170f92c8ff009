import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main';
import type { CliIo } from '../../src/cli/io';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const QJOB_BIN = path.join(REPO_ROOT, 'bin', 'qjob.js');

async function* chunks(text: string): AsyncIterable<string> {
  yield text;
}

/** Runs `qjob` in this process through `main(argv, io)`. */
export async function runCli(
  argv: string[],
  options: {
    env?: Record<string, string | undefined>;
    stdin?: string;
    cwd?: string;
    io?: Partial<CliIo>;
  } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    stdin: chunks(options.stdin ?? ''),
    env: options.env ?? {},
    cwd: options.cwd ?? REPO_ROOT,
    ...options.io,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

/** Runs `bin/qjob.js` as a child process, as a person or a script would. */
export function spawnCli(
  argv: string[],
  options: {
    env?: Record<string, string | undefined>;
    stdin?: string;
    cwd?: string;
    timeoutMs?: number;
  } = {},
): Promise<CliRun> {
  return runProcess(process.execPath, [QJOB_BIN, ...argv], {
    ...options,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env } as NodeJS.ProcessEnv,
  });
}

/**
 * Runs a command to its end and collects what it wrote; killed after `timeoutMs`. The
 * environment is exactly `env` (the test's own when absent), the folder the repository's.
 */
export function runProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: string; cwd?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 50_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}
