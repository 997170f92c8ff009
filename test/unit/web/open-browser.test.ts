import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findAppBrowser, openAppWindow } from '../../../src/web/open-browser';

/** Which browser shows browser mode in a window of its own, on each platform's usual paths. */
const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-browsers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A folder holding executables with these relative paths. */
function installed(...files: string[]): string {
  const dir = path.join(root, String(n++));
  mkdirSync(dir);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), '#!/bin/sh\n');
    chmodSync(path.join(dir, file), 0o755);
  }
  return dir;
}

describe('findAppBrowser', () => {
  it('finds Chromium on the PATH before Chrome, and skips files that are not executable', () => {
    const bin = installed('google-chrome', 'chromium');
    const other = installed();
    writeFileSync(path.join(other, 'chromium-browser'), 'not executable');
    const PATH = [other, bin].join(path.delimiter);
    expect(findAppBrowser({ PATH }, 'linux')).toBe(path.join(bin, 'chromium'));
    expect(findAppBrowser({ PATH: installed('google-chrome') }, 'linux')).toMatch(/google-chrome$/);
  });

  it('is null when no Chromium-family browser is installed', () => {
    expect(findAppBrowser({ PATH: installed('firefox') }, 'linux')).toBeNull();
    expect(findAppBrowser({}, 'linux')).toBeNull();
  });

  it('takes the one QJOB_BROWSER names, as a path or a command', () => {
    const bin = installed('chromium', 'my-chrome');
    const PATH = bin;
    expect(findAppBrowser({ PATH, QJOB_BROWSER: 'my-chrome' }, 'linux')).toBe(
      path.join(bin, 'my-chrome'),
    );
    expect(findAppBrowser({ PATH, QJOB_BROWSER: path.join(bin, 'my-chrome') }, 'linux')).toBe(
      path.join(bin, 'my-chrome'),
    );
    // Named but missing: nothing, rather than a different browser than the one asked for.
    expect(findAppBrowser({ PATH, QJOB_BROWSER: 'no-such-browser' }, 'linux')).toBeNull();
  });

  it('looks where Chrome and Edge install themselves on Windows', () => {
    const programs = installed(path.join('Microsoft', 'Edge', 'Application', 'msedge.exe'));
    const local = installed(path.join('Google', 'Chrome', 'Application', 'chrome.exe'));
    expect(findAppBrowser({ PROGRAMFILES: programs }, 'win32')).toBe(
      path.join(programs, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
    );
    expect(findAppBrowser({ PROGRAMFILES: programs, LOCALAPPDATA: local }, 'win32')).toBe(
      path.join(local, 'Google', 'Chrome', 'Application', 'chrome.exe'),
    );
  });

  it('looks in the Applications folders on macOS', () => {
    const home = installed(
      path.join('Applications', 'Chromium.app', 'Contents', 'MacOS', 'Chromium'),
    );
    expect(findAppBrowser({ HOME: home }, 'darwin')).toBe(
      path.join(home, 'Applications', 'Chromium.app', 'Contents', 'MacOS', 'Chromium'),
    );
  });
});

describe('openAppWindow', () => {
  it('opens nothing on Linux without a display, and says how to reach the address', () => {
    const errors: string[] = [];
    const opened = openAppWindow('http://127.0.0.1:4321/#token=ab', {
      profileDir: path.join(root, 'profile'),
      onError: (m) => errors.push(m),
      env: { PATH: installed('chromium') },
      platform: 'linux',
    });
    expect(opened.kind).toBe('nothing');
    expect(opened.kind === 'nothing' && opened.reason).toMatch(
      /^no display .*ssh -L 4321:127\.0\.0\.1:4321 /,
    );
    expect(errors).toEqual([]);
  });
});
