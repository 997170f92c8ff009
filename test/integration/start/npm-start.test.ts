import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/cli-runner';
import { standInBrowser, until } from '../../support/stand-in-browser';

/**
 * `npm start` (scripts/start.mjs) where Electron's binary is missing, as on a machine whose
 * setup could not download it: one line says so and what to do, then the same app opens in a
 * Chromium app window on browser mode, with no native rebuild for the missing Electron and no
 * stack trace. The browser is a stand-in that writes down how it was started (a real Chromium
 * needs a display); ELECTRON_OVERRIDE_DIST_PATH points at an empty folder so the binary is
 * missing on every machine, this one included.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-npm-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('without Electron’s binary, npm start says so in one line and opens browser mode in an app window', async () => {
  const browser = standInBrowser(dir);
  const noElectron = path.join(dir, 'no-electron');
  fs.mkdirSync(noElectron);
  const data = path.join(dir, 'data');

  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'scripts', 'start.mjs'), '--port', '0', '--data', data],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DISPLAY: ':99',
        QJOB_BROWSER: browser.file,
        QJOB_CONFIG_DIR: data,
        ELECTRON_OVERRIDE_DIST_PATH: noElectron,
      },
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  try {
    const url = await until(
      () => /^Quantum Job Studio: (\S+)$/m.exec(out)?.[1] ?? null,
      () => `the address (stdout: ${out} stderr: ${err})`,
    );
    const first = err.split('\n')[0]!;
    expect(first).toMatch(
      /^npm start: Electron \S+'s binary is missing \(.*no-electron.*\), so the desktop app cannot start; opening the app in browser mode instead\. For the desktop app, run `npm run setup` where github\.com can be reached \(or set ELECTRON_MIRROR to a mirror\)\.$/,
    );
    const args = await browser.args();
    expect(args).toContain(`--app=${url}`);
    const page = await fetch(url.replace(/#.*/, ''));
    expect(page.status).toBe(200);
    const all = out + err;
    expect(all).not.toMatch(/Rebuild Complete|native-modules:|electron-rebuild/);
    expect(all).not.toMatch(/^\s+at /m);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
});
