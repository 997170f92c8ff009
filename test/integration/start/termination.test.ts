import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/cli-runner';
import { until } from '../../support/stand-in-browser';

/**
 * `npm start` stopped by its PID (issue 25): the launcher (scripts/start.mjs) passes SIGTERM,
 * SIGINT and SIGHUP on to the browser-mode server it started and exits with it; and when the
 * shell npm runs it in is killed (what `kill <npm's pid>` does to it), the server is stopped too.
 * Before, a SIGHUP left `qjob web` serving, and so did the death of npm's shell. Browser mode
 * here as in npm-start.test.ts: Electron's binary missing, no window opened.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-start-termination-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const START = path.join(REPO_ROOT, 'scripts', 'start.mjs');

/** Starts the launcher (through `sh` when `viaShell`, as npm runs it) and waits for the address. */
async function launch(name: string, viaShell: boolean) {
  const data = path.join(dir, name);
  const noElectron = path.join(dir, `${name}-no-electron`);
  fs.mkdirSync(noElectron, { recursive: true });
  const args = [START, '--port', '0', '--data', data, '--no-open'];
  const command = `${[process.execPath, ...args].map((a) => JSON.stringify(a)).join(' ')}; exit $?`;
  const child = viaShell
    ? spawn('sh', ['-c', command], { cwd: REPO_ROOT, env: envFor(data, noElectron) })
    : spawn(process.execPath, args, { cwd: REPO_ROOT, env: envFor(data, noElectron) });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await until(
    () => /^Quantum Job Studio: (\S+)$/m.exec(out)?.[1] ?? null,
    () => `the address (output: ${out})`,
  );
  const page = url.replace(/#.*/, '');
  expect((await fetch(page)).status).toBe(200);
  return { child, exited, page, output: () => out };
}

function envFor(data: string, noElectron: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    QJOB_CONFIG_DIR: data,
    ELECTRON_OVERRIDE_DIST_PATH: noElectron,
  };
}

/** Whether the browser-mode server still answers (up to 15 s for it to stop). */
async function stillServing(page: string): Promise<boolean> {
  for (let i = 0; i < 150; i++) {
    try {
      await fetch(page, { signal: AbortSignal.timeout(1000) });
    } catch {
      return false;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

describe('npm start ended by its PID', () => {
  for (const signal of ['SIGHUP', 'SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the launcher stops the server it started, and the launcher exits with it`, async () => {
      const run = await launch(signal.toLowerCase(), false);
      run.child.kill(signal);
      expect(await run.exited).toEqual({ code: 0, signal: null });
      expect(await stillServing(run.page), run.output()).toBe(false);
    });
  }

  it('the shell npm runs it in killed (SIGKILL): the server stops all the same', async () => {
    const run = await launch('orphaned', true);
    run.child.kill('SIGKILL');
    await run.exited;
    expect(await stillServing(run.page), run.output()).toBe(false);
  });
});
