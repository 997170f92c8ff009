import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { QJOB_BIN } from '../../support/cli-runner';

/**
 * `qjob web` opens the app in a Chromium app window of its own. The browser here is a stand-in
 * executable that writes down how it was started (a real Chromium needs a display); what it
 * receives is what Chromium would.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-app-window-'));
const children: { kill(): boolean }[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until<T>(probe: () => T | null, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = probe();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${what}`);
}

it('qjob web starts a Chromium-family browser in app mode with a private profile', async () => {
  const argsFile = path.join(dir, 'args.txt');
  const browser = path.join(dir, 'chromium');
  writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$@" > '${argsFile}'\n`);
  chmodSync(browser, 0o755);
  const data = path.join(dir, 'data');
  const child = spawn(process.execPath, [QJOB_BIN, 'web', '--port', '0', '--data', data], {
    env: {
      PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: process.env.HOME,
      DISPLAY: ':99',
      QJOB_NO_KEYCHAIN: '1',
    },
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const url = await until(
    () => /^Quantum Job Studio: (\S+)$/m.exec(out)?.[1] ?? null,
    `the address (${err})`,
  );
  const args = await until(
    () => (existsSync(argsFile) ? readFileSync(argsFile, 'utf8').trim().split('\n') : null),
    'the browser started',
  );
  const profile = path.join(data, 'app-window');
  expect(args).toContain(`--app=${url}`);
  expect(args).toContain(`--user-data-dir=${profile}`);
  expect(statSync(profile).mode & 0o777).toBe(0o700);
  expect(err).toBe('');
});
