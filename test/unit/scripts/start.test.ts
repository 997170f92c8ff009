import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { electronBinaryStatus, failureReason } from '../../../scripts/electron-binary.mjs';
import {
  FORWARDED_SIGNALS,
  buildIsStale,
  desktopUnavailable,
  exitCodeOf,
  superviseChild,
} from '../../../scripts/start.mjs';

/**
 * What `npm start` decides before opening anything (scripts/start.mjs), and how
 * scripts/electron-binary.mjs tells an installed Electron from a missing one, on folders made
 * here. The whole path, with processes, is in test/integration/start.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
function write(dir: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}
const electronPackage = (files: Record<string, string> = {}) =>
  write(path.join(root, `electron-${n++}`), {
    'package.json': JSON.stringify({ name: 'electron', version: '45.4.1' }),
    ...files,
  });

describe('electronBinaryStatus', () => {
  it('is missing after npm ci (no path.txt, no dist)', () => {
    const status = electronBinaryStatus(electronPackage(), {});
    expect(status).toMatchObject({ installed: false, version: '45.4.1' });
    expect(status.installed === false && status.missing).toMatch(/dist is not there$/);
  });

  it('is installed when path.txt names an executable in dist of this version', () => {
    const dir = electronPackage({
      'path.txt': 'electron',
      'dist/electron': '',
      'dist/version': '45.4.1',
    });
    expect(electronBinaryStatus(dir, {})).toEqual({
      installed: true,
      version: '45.4.1',
      executable: path.join(dir, 'dist', 'electron'),
    });
  });

  it('is missing when dist holds another version or lost its executable', () => {
    const older = electronPackage({
      'path.txt': 'electron',
      'dist/electron': '',
      'dist/version': 'v44.0.0',
    });
    const status = electronBinaryStatus(older, {});
    expect(status.installed === false && status.missing).toMatch(/holds Electron 44\.0\.0$/);
    const gone = electronPackage({ 'path.txt': 'electron', 'dist/version': '45.4.1' });
    expect(electronBinaryStatus(gone, {}).installed).toBe(false);
  });

  it('follows ELECTRON_OVERRIDE_DIST_PATH, as the electron package does', () => {
    const dist = write(path.join(root, `dist-${n++}`), { electron: '' });
    const dir = electronPackage();
    expect(electronBinaryStatus(dir, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toMatchObject({
      installed: process.platform !== 'darwin' && process.platform !== 'win32',
    });
    const empty = write(path.join(root, `dist-${n++}`), {});
    const status = electronBinaryStatus(dir, { ELECTRON_OVERRIDE_DIST_PATH: empty });
    expect(status.installed === false && status.missing).toContain('ELECTRON_OVERRIDE_DIST_PATH');
  });
});

describe('failureReason', () => {
  it('keeps the message of the installer’s stack trace, not the trace', () => {
    const trace =
      'HTTPError: Response code 404 (Not Found) for https://x/v1/e.zip\n    at FetchDownloader.download (file:///a.js:1:1)\n';
    expect(failureReason(trace, {})).toBe('Response code 404 (Not Found) for https://x/v1/e.zip');
  });

  it('says which host could not be reached when the connection failed', () => {
    const trace = 'TypeError: fetch failed\n    at node:internal/deps/undici/undici:1:1\n';
    expect(failureReason(trace, {})).toBe('github.com could not be reached');
    expect(failureReason(trace, { ELECTRON_MIRROR: 'https://mirror.example/' })).toBe(
      'the mirror https://mirror.example/ (ELECTRON_MIRROR) could not be reached',
    );
  });
});

describe('desktopUnavailable', () => {
  const installed = {
    installed: true as const,
    version: '45.4.1',
    executable: '/x/electron',
  };
  const runs = () => ({ ok: true });

  it('opens the desktop app when the binary is there, runs, and has a display', () => {
    expect(desktopUnavailable(installed, { DISPLAY: ':0' }, 'linux', runs)).toBeNull();
    expect(desktopUnavailable(installed, { WAYLAND_DISPLAY: 'wayland-0' }, 'linux', runs)).toBe(
      null,
    );
    expect(desktopUnavailable(installed, {}, 'darwin', runs)).toBeNull();
    expect(desktopUnavailable(installed, {}, 'win32', runs)).toBeNull();
  });

  it('names what is missing in one line: the binary, a display, or a binary that runs', () => {
    const missing = { installed: false as const, version: '45.4.1', missing: 'dist is not there' };
    const lines = [
      desktopUnavailable(missing, { DISPLAY: ':0' }, 'linux', runs),
      desktopUnavailable(installed, {}, 'linux', runs),
      desktopUnavailable(installed, { DISPLAY: ':0' }, 'linux', () => ({
        ok: false,
        error: 'error while loading shared libraries: libnss3.so',
      })),
    ];
    expect(lines[0]).toMatch(
      /^npm start: Electron 45\.4\.1's binary is missing \(dist is not there\)/,
    );
    expect(lines[1]).toMatch(/^npm start: there is no display for the desktop app/);
    expect(lines[2]).toBe(
      'npm start: Electron 45.4.1 cannot run on this machine (error while loading shared libraries: libnss3.so): opening the app in browser mode instead; `/x/electron --version` shows the whole error.',
    );
    for (const line of lines) expect(line).not.toContain('\n');
  });
});

describe('buildIsStale', () => {
  it('is stale without a build, current after it, stale again once a source changes', () => {
    const dir = write(path.join(root, `checkout-${n++}`), {
      'src/core/a.ts': '',
      'package-lock.json': '{}',
    });
    expect(buildIsStale(dir)).toBe(true);
    write(dir, { 'out/renderer/index.html': '', 'out/cli/main.js': '' });
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
    for (const rel of ['src/core/a.ts', 'package-lock.json'])
      utimesSync(path.join(dir, rel), at(60), at(60));
    for (const rel of ['out/renderer/index.html', 'out/cli/main.js'])
      utimesSync(path.join(dir, rel), at(30), at(30));
    expect(buildIsStale(dir)).toBe(false);
    write(dir, { 'src/core/a.ts': 'export {};' });
    expect(buildIsStale(dir)).toBe(true);
  });
});

describe('superviseChild (what npm start started ends with it)', () => {
  /** A process stand-in: signal listeners, and a parent that can go away. */
  function fakeProcess(ppid = 100) {
    const listeners = new Map<string, Set<() => void>>();
    return {
      ppid,
      on(signal: string, handler: () => void) {
        (listeners.get(signal) ?? listeners.set(signal, new Set()).get(signal)!).add(handler);
      },
      off(signal: string, handler: () => void) {
        listeners.get(signal)?.delete(handler);
      },
      send(signal: string) {
        for (const handler of listeners.get(signal) ?? []) handler();
      },
      count: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
    };
  }
  const child = () => {
    const got: string[] = [];
    return { got, kill: (signal: NodeJS.Signals) => (got.push(signal), true) };
  };

  it('passes SIGINT, SIGTERM and SIGHUP on, each once, and lets go when asked', () => {
    const proc = fakeProcess();
    const c = child();
    const stops: string[] = [];
    const release = superviseChild(c, proc, { onStop: (s) => stops.push(s) });
    for (const signal of ['SIGHUP', 'SIGINT', 'SIGINT', 'SIGTERM', 'SIGTERM'] as const)
      proc.send(signal);
    expect(c.got).toEqual(['SIGHUP', 'SIGINT', 'SIGTERM']);
    expect(stops).toHaveLength(5);
    release();
    expect(proc.count()).toBe(0);
    expect(FORWARDED_SIGNALS).toEqual(['SIGINT', 'SIGTERM', 'SIGHUP']);
  });

  it('sends SIGTERM when the process that started it is gone (npm killed by its PID)', async () => {
    const proc = fakeProcess(100);
    const c = child();
    const release = superviseChild(c, proc, { parentCheckMs: 5 });
    expect(c.got).toEqual([]);
    proc.ppid = 1; // re-parented: npm and its shell are gone
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(c.got).toEqual(['SIGTERM']);
    release();
  });

  it('stops at once what it starts after its parent is already gone', () => {
    const proc = fakeProcess(1);
    const c = child();
    superviseChild(c, proc, { parent: 100 })();
    expect(c.got).toEqual(['SIGTERM']);
  });

  it('exits with the child: its code, or 128 + the signal that ended it', () => {
    expect(exitCodeOf(0, null)).toBe(0);
    expect(exitCodeOf(3, null)).toBe(3);
    expect(exitCodeOf(null, 'SIGTERM')).toBe(143);
    expect(exitCodeOf(null, null)).toBe(1);
  });
});
