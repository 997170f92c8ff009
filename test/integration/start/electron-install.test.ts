import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SETUP_STEPS } from '../../../scripts/setup.mjs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultElectronDir,
  electronBinaryStatus,
  installElectronBinary,
} from '../../../scripts/electron-binary.mjs';
import { REPO_ROOT } from '../../support/cli-runner';
import { zipArchive } from '../../support/zip';

/**
 * `npm run setup` provisions Electron's binary by running the electron package's own installer
 * (install.js, under this Node). Here it runs against a copy of the package, downloading from a
 * local server standing in for the release mirror (ELECTRON_MIRROR) into a private cache: the
 * shared node_modules and ~/.cache/electron stay untouched, and no network is needed.
 */
const SCRIPT = path.join(REPO_ROOT, 'scripts', 'electron-binary.mjs');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-electron-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const source = defaultElectronDir();
const version = (
  JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const archiveName = `electron-v${version}-${process.platform}-${process.arch}.zip`;
const executableName =
  process.platform === 'darwin'
    ? 'Electron.app/Contents/MacOS/Electron'
    : process.platform === 'win32'
      ? 'electron.exe'
      : 'electron';

let copies = 0;
/** A fresh copy of the electron package without its binary, resolving its own dependencies. */
function electronCopy(checksums?: Record<string, string>): string {
  const modules = path.join(work, `copy-${copies++}`, 'node_modules');
  const dir = path.join(modules, 'electron');
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ['package.json', 'install.js', 'index.js', 'cli.js', 'checksums.json'])
    fs.copyFileSync(path.join(source, file), path.join(dir, file));
  for (const scope of ['@electron', '@electron-internal'])
    fs.symlinkSync(path.join(path.dirname(source), scope), path.join(modules, scope), 'dir');
  if (checksums) fs.writeFileSync(path.join(dir, 'checksums.json'), JSON.stringify(checksums));
  return dir;
}

/** A release mirror on loopback: `files` by URL path, anything else answered with `status`. */
async function mirror(files: Record<string, Buffer>, status = 404) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = files[req.url ?? ''];
    if (body) res.writeHead(200, { 'content-length': body.length }).end(body);
    else res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let cache: string;
beforeEach(() => {
  cache = fs.mkdtempSync(path.join(work, 'cache-'));
});
const envFor = (mirrorUrl: string) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  ELECTRON_MIRROR: mirrorUrl,
  electron_config_cache: cache,
});

/** `node scripts/electron-binary.mjs install` as setup runs it (asynchronously: the mirror is here). */
function runScript(dir: string, mirrorUrl: string) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, 'install', '--electron-dir', dir], {
      env: envFor(mirrorUrl),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('setup provisions Electron’s binary', () => {
  it('package.json’s setup runs the installer after npm ci and before the build', () => {
    const { scripts } = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
    ) as { scripts: Record<string, string> };
    expect(scripts.setup).toBe('node scripts/setup.mjs');
    expect(SETUP_STEPS.map((s) => s.name)).toEqual([
      'npm ci',
      'node scripts/electron-binary.mjs install',
      'npm run build',
    ]);
    // .ci/run's `--deps`: the dependencies alone.
    expect(SETUP_STEPS.filter((s) => s.deps).map((s) => s.name)).toEqual(['npm ci']);
  });

  it('downloads, checks and unpacks the release into the package, under this Node', async () => {
    const executable = `#!/bin/sh\necho v${version}\n`;
    const zip = zipArchive([
      { name: executableName, data: Buffer.from(executable), mode: 0o755 },
      { name: 'version', data: Buffer.from(version) },
    ]);
    const sha = createHash('sha256').update(zip).digest('hex');
    const dir = electronCopy({ [archiveName]: sha });
    const server = await mirror({ [`/v${version}/${archiveName}`]: zip });
    try {
      expect(electronBinaryStatus(dir, {}).installed).toBe(false);
      const lines: string[] = [];
      const r = await installElectronBinary(dir, envFor(server.url), (l) => lines.push(l));
      expect(r).toEqual({ ok: true, already: false });
      expect(lines.join('\n')).toContain(`downloading Electron ${version}`);
      expect(server.requests).toEqual([`/v${version}/${archiveName}`]);
      const status = electronBinaryStatus(dir, {});
      expect(status).toEqual({
        installed: true,
        version,
        executable: path.join(dir, 'dist', executableName),
      });
      // Installed is installed: the next setup downloads nothing.
      expect(await installElectronBinary(dir, envFor(server.url), () => undefined)).toEqual({
        ok: true,
        already: true,
      });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('a refused download ends setup with one line saying what is missing and what to do', async () => {
    const dir = electronCopy();
    const server = await mirror({}, 403);
    try {
      const r = await runScript(dir, server.url);
      expect(r.status, r.stderr).toBe(0); // never fatal: the build still runs after it
      const problem = r.stderr.trim().split('\n');
      expect(problem).toHaveLength(1);
      expect(problem[0]).toBe(
        `setup: Electron ${version}'s binary is missing (the download failed: Response code 403 (Forbidden) for ${server.url}v${version}/${archiveName}), so the desktop app cannot start; \`npm start\` will open the app in browser mode instead. For the desktop app, run \`npm run setup\` where the mirror ${server.url} (ELECTRON_MIRROR) can be reached.`,
      );
      expect(r.stdout + r.stderr).not.toMatch(/^\s+at /m);
      expect(fs.existsSync(path.join(dir, 'path.txt'))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('an unreachable mirror is named as such', async () => {
    const dir = electronCopy();
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const r = await runScript(dir, 'http://127.0.0.1:9/');
    expect(r.status).toBe(0);
    expect(r.stderr.trim()).toMatch(
      /^setup: Electron \S+'s binary is missing \(the download failed: the mirror http:\/\/127\.0\.0\.1:9\/ \(ELECTRON_MIRROR\) could not be reached\)[^\n]*$/,
    );
  });
});
