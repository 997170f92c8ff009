/**
 * A peer that lives in Python (QuTiP, scipy): one long-lived child process speaking one JSON
 * object per line each way (see bench/peers/qutip_evolution.py). Importing QuTiP takes about a
 * second; paying it once lets each run be timed on its own, interleaved with ours.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Debian's interpreter, where `apt-get install python3-qutip` puts QuTiP (a `python3` earlier on
 * the PATH, a pyenv or a venv, usually lacks it). QJOB_BENCH_PYTHON names another one.
 */
export const PYTHON = process.env.QJOB_BENCH_PYTHON ?? '/usr/bin/python3';
export const QUTIP_INSTALL = 'install with: sudo apt-get install python3-qutip';

/** Why `modules` cannot be imported by PYTHON (one line), or null when they can. */
export function pythonMissing(modules: readonly string[]): string | null {
  const r = spawnSync(PYTHON, ['-c', `import ${modules.join(', ')}`], { encoding: 'utf8' });
  if (r.error) return `${PYTHON} cannot run (${r.error.message})`;
  if (r.status === 0) return null;
  const last = r.stderr.trim().split('\n').pop() ?? `exit ${r.status}`;
  return `${PYTHON} cannot import ${modules.join(', ')} (${last})`;
}

export class PythonPeer {
  private readonly replies: ((line: string) => void)[] = [];
  private stderr = '';
  private exited: string | null = null;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => this.replies.shift()?.(line));
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the tail only: warnings of a long run are not worth megabytes.
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    child.on('exit', (code, signal) => {
      this.exited = `exited (${signal ?? code})`;
      for (const reply of this.replies.splice(0)) reply('');
    });
  }

  static start(script: string): PythonPeer {
    return new PythonPeer(spawn(PYTHON, ['-u', script], { stdio: 'pipe' }));
  }

  /** Sends one request and returns the reply; throws with the peer's own error text on failure. */
  async ask<T>(request: object): Promise<T> {
    if (this.exited) throw new Error(`the Python peer ${this.exited}: ${this.stderr}`);
    const line = await new Promise<string>((resolve) => {
      this.replies.push(resolve);
      this.child.stdin.write(JSON.stringify(request) + '\n');
    });
    if (line === '') throw new Error(`the Python peer ${this.exited}: ${this.stderr}`);
    const reply = JSON.parse(line) as { ok: boolean; error?: string } & T;
    if (!reply.ok) throw new Error(`the Python peer failed: ${reply.error}`);
    return reply;
  }

  stop(): void {
    this.child.stdin.end();
  }
}
