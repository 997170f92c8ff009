#!/usr/bin/env node
// Electron's own binary, which the desktop app runs on.
//
//   node scripts/electron-binary.mjs install   in `npm run setup`: downloads it when missing
//   node scripts/electron-binary.mjs check     before `npm run dev`: exit 1 when it is missing
//   --electron-dir DIR                          another electron package than node_modules/electron
//
// Since Electron 42 the `electron` package has no postinstall: `npm ci` leaves
// node_modules/electron without `dist/` and `path.txt`, and the binary comes only from the
// package's `install-electron` command (install.js) or a first `require('electron')`.
// `electron-vite preview` and `dev` do neither: they read path.txt and fail without it. So
// setup runs install.js itself (it downloads from GitHub, or ELECTRON_MIRROR, into
// node_modules/electron/dist, through the cache in ~/.cache/electron or electron_config_cache).
//
// Node: electron 45 and @electron/get 5 declare node >= 22.12 (npm warns about it at `npm ci`),
// but install.js runs on Node >= 20.19, where require() of an ES module (@electron/get is one)
// is on by default; the download uses the global fetch of Node 18+. Electron itself brings its
// own Node, so the app does not depend on the Node that installed it.
//
// A download that fails is never fatal here: the one line printed says what is missing and
// what to do, and `npm start` opens the app in browser mode instead (scripts/start.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The electron package in this checkout's node_modules. */
export function defaultElectronDir() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const here = path.join(root, 'node_modules', 'electron');
  if (existsSync(path.join(here, 'package.json'))) return here;
  return path.dirname(
    createRequire(path.join(root, 'package.json')).resolve('electron/package.json'),
  );
}

function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Whether the binary is there, the same way the package decides (install.js's isInstalled):
 * path.txt names the executable inside dist/ (or ELECTRON_OVERRIDE_DIST_PATH), and
 * dist/version is this package's version.
 * Returns `{ installed: true, version, executable }` or `{ installed: false, version, missing }`.
 */
export function electronBinaryStatus(electronDir, env = process.env) {
  const version = JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8')).version;
  const relative = path.relative(process.cwd(), electronDir) || electronDir;
  const pathTxt = read(path.join(electronDir, 'path.txt'));
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const executable = path.join(env.ELECTRON_OVERRIDE_DIST_PATH, pathTxt ?? platformExecutable());
    return existsSync(executable)
      ? { installed: true, version, executable }
      : { installed: false, version, missing: `${executable} (ELECTRON_OVERRIDE_DIST_PATH)` };
  }
  if (pathTxt === null) {
    return { installed: false, version, missing: `${path.join(relative, 'dist')} is not there` };
  }
  const executable = path.join(electronDir, 'dist', pathTxt);
  const distVersion = read(path.join(electronDir, 'dist', 'version'))
    ?.trim()
    .replace(/^v/, '');
  if (!existsSync(executable)) {
    return {
      installed: false,
      version,
      missing: `${path.join(relative, 'dist', pathTxt)} is not there`,
    };
  }
  if (distVersion !== version) {
    return {
      installed: false,
      version,
      missing: `${path.join(relative, 'dist')} holds Electron ${distVersion ?? 'of an unknown version'}`,
    };
  }
  return { installed: true, version, executable };
}

function platformExecutable() {
  if (process.platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  return process.platform === 'win32' ? 'electron.exe' : 'electron';
}

/** Where the download comes from, for the message when it fails. */
function downloadSource(env) {
  const mirror =
    env.ELECTRON_MIRROR ?? env.npm_config_electron_mirror ?? env.NPM_CONFIG_ELECTRON_MIRROR;
  return mirror ? `the mirror ${mirror} (ELECTRON_MIRROR)` : 'github.com';
}

/** The useful line of what install.js printed when it failed (its error's stack trace). */
export function failureReason(stderr, env = process.env) {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at ') && !l.startsWith('npm '));
  const first = lines[0] ?? 'the installer failed without a message';
  if (/fetch failed|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN/.test(stderr)) {
    return `${downloadSource(env)} could not be reached`;
  }
  return first.replace(/^(\w*Error): /, '');
}

/**
 * Runs the package's installer (install.js, `npx install-electron`) when the binary is missing.
 * Returns `{ ok: true, already }` or `{ ok: false, reason }`; its progress goes to stdout.
 */
export async function installElectronBinary(electronDir, env = process.env, log = console.log) {
  const before = electronBinaryStatus(electronDir, env);
  if (before.installed) return { ok: true, already: true };
  log(`setup: downloading Electron ${before.version} for the desktop app (about 100 MB, once)…`);
  const r = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(electronDir, 'install.js')], {
      env,
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.on('error', (error) => resolve({ status: null, error, stderr }));
    child.on('close', (status) => resolve({ status, stderr }));
  });
  const after = electronBinaryStatus(electronDir, env);
  if (r.status === 0 && after.installed) return { ok: true, already: false };
  return { ok: false, reason: r.error ? r.error.message : failureReason(r.stderr, env) };
}

/**
 * The one line for a binary that is not there: what is missing, and what to do. `prefix` is
 * who says it: `npm start` (which goes on in browser mode) or `setup`.
 */
export function missingLine(prefix, version, why, env = process.env) {
  const fallback =
    prefix === 'npm start'
      ? 'opening the app in browser mode instead'
      : '`npm start` will open the app in browser mode instead';
  return (
    `${prefix}: Electron ${version}'s binary is missing (${why}), so the desktop app cannot start; ` +
    `${fallback}. For the desktop app, run \`npm run setup\` where ${downloadSource(env)} can be reached` +
    (env.ELECTRON_MIRROR ? '.' : ' (or set ELECTRON_MIRROR to a mirror).')
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const [mode, option, value] = process.argv.slice(2);
  const dir = option === '--electron-dir' && value ? path.resolve(value) : defaultElectronDir();
  if (mode === 'install') {
    const r = await installElectronBinary(dir);
    const version = electronBinaryStatus(dir).version;
    if (r.ok) {
      console.log(`setup: Electron ${version} is installed${r.already ? '' : ' now'}.`);
    } else {
      console.warn(missingLine('setup', version, `the download failed: ${r.reason}`));
    }
    process.exit(0); // never fatal: the build still runs, and browser mode works without it
  } else if (mode === 'check') {
    const status = electronBinaryStatus(dir);
    if (status.installed) process.exit(0);
    console.error(
      `Electron ${status.version}'s binary is missing (${status.missing}): run \`npm run setup\` with network access first, or use \`npm start\` (it falls back to browser mode).`,
    );
    process.exit(1);
  } else {
    console.error('usage: node scripts/electron-binary.mjs install|check [--electron-dir DIR]');
    process.exit(2);
  }
}
