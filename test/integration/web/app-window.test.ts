import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { QJOB_BIN } from '../../support/cli-runner';
import { standInBrowser, until } from '../../support/stand-in-browser';

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

it('qjob web starts a Chromium-family browser in app mode with a private profile', async () => {
  // Found on the PATH by its name, as Debian's chromium would be.
  const browser = standInBrowser(dir);
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
    () => `the address (${err})`,
  );
  const args = await browser.args();
  const profile = path.join(data, 'app-window');
  expect(args).toContain(`--app=${url}`);
  expect(args).toContain(`--user-data-dir=${profile}`);
  expect(statSync(profile).mode & 0o777).toBe(0o700);
  // Only the way back in once the printed address is spent.
  expect(err).toMatch(
    /^qjob web: the address opens the app once; for another \(after its tab was closed\), run: qjob web --new-link --data \S+\n$/,
  );
});
