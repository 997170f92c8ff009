#!/usr/bin/env node
// `npm start`: the desktop app when Electron can run here, else the same app in browser mode.
//
// - Electron can run: its binary is installed (scripts/electron-binary.mjs), there is a display
//   (Linux: DISPLAY or WAYLAND_DISPLAY), and the binary starts (`--version`: a missing shared
//   library shows here). Then the native modules are made to fit Electron
//   (scripts/native-modules.mjs) and `electron-vite preview` builds and opens the app.
// - Otherwise: one line says what is missing and what to do, the build is brought up to date
//   when a source changed, and `qjob web` serves the app and opens it in a Chromium app window
//   (or the default browser; on a machine without a display it prints the address to open).
//   Nothing is rebuilt for an Electron that cannot run. Arguments after `--` go to `qjob web`
//   (`npm start -- --port 8080`).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultElectronDir, electronBinaryStatus, missingLine } from './electron-binary.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Why the desktop app cannot start here, or null when it can. `probe(executable)` runs the
 * binary once and returns `{ ok, error }`.
 */
export function desktopUnavailable(status, env, platform, probe) {
  if (!status.installed) {
    return missingLine('npm start', status.version, status.missing, env);
  }
  const unixLike = platform !== 'darwin' && platform !== 'win32';
  if (unixLike && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return 'npm start: there is no display for the desktop app (DISPLAY and WAYLAND_DISPLAY are not set): serving the app in browser mode instead.';
  }
  const run = probe(status.executable);
  if (!run.ok) {
    return `npm start: Electron ${status.version} cannot run on this machine (${run.error}): opening the app in browser mode instead; \`${status.executable} --version\` shows the whole error.`;
  }
  return null;
}

function probeElectron(executable) {
  const r = spawnSync(executable, ['--version'], {
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  if (r.status === 0) return { ok: true };
  const line = (r.error?.message ?? r.stderr ?? '').trim().split('\n')[0];
  return { ok: false, error: line || `exit code ${r.status}` };
}

/** The newest modification time of the files under `dir` (0 when there are none). */
function newestUnder(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let newest = 0;
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(file) : statSync(file).mtimeMs);
  }
  return newest;
}

/** Whether `npm run build` has to run before browser mode serves out/: a source is newer. */
export function buildIsStale(root) {
  const outputs = ['out/renderer/index.html', 'out/cli/main.js'].map((f) => {
    try {
      return statSync(path.join(root, f)).mtimeMs;
    } catch {
      return 0;
    }
  });
  const builtAt = Math.min(...outputs);
  const inputs = [
    'src',
    'resources',
    'package-lock.json',
    'electron.vite.config.ts',
    'cli.vite.config.ts',
  ];
  return inputs.some((input) => {
    const file = path.join(root, input);
    try {
      return (statSync(file).isDirectory() ? newestUnder(file) : statSync(file).mtimeMs) > builtAt;
    } catch {
      return false;
    }
  });
}

/** Runs a command to its end with the terminal; resolves its exit code. */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    // Ctrl-C reaches the child from the terminal itself: only wait for it to stop. A SIGTERM
    // sent to this process alone is passed on.
    const wait = () => {};
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', wait);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`npm start: could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', wait);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

const bin = (name) =>
  path.join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

async function main(args) {
  const status = electronBinaryStatus(defaultElectronDir());
  const why = desktopUnavailable(status, process.env, process.platform, probeElectron);
  if (why === null) {
    const fit = await run(process.execPath, [
      path.join(ROOT, 'scripts', 'native-modules.mjs'),
      'electron',
    ]);
    if (fit !== 0) return fit;
    return run(bin('electron-vite'), ['preview'], { shell: process.platform === 'win32' });
  }
  console.warn(why);
  if (buildIsStale(ROOT)) {
    console.warn('npm start: building the app first (npm run build)…');
    const r = spawnSync('npm', ['run', '-s', 'build'], {
      cwd: ROOT,
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    if (r.status !== 0) {
      process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
      console.error('npm start: the build failed (above); nothing to open.');
      return 1;
    }
  }
  return run(process.execPath, [path.join(ROOT, 'bin', 'qjob.js'), 'web', ...args]);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) process.exitCode = await main(process.argv.slice(2));
