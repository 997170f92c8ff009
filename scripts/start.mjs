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
// - Either way, SIGINT, SIGTERM and SIGHUP sent to this process are passed on to what it
//   started, and it exits when that exits (superviseChild): `kill <pid of npm start>` stops the
//   app, not only npm.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
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

/** What ends the launcher; each is passed on to what it started (superviseChild). */
export const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Ties `child` to this process: SIGINT, SIGTERM and SIGHUP sent to this process (`kill PID`, npm
 * passing on SIGINT and SIGTERM, a closed terminal) are sent on to the child, each at most once
 * (Ctrl-C reaches the child from the terminal as well, and npm passes it on too: the child is
 * asked, not hammered); and when the process that started this one (`options.parent`, npm or the
 * shell npm runs scripts in) is gone — npm killed by its PID takes that shell down without a
 * word to us — the child is sent SIGTERM. `options.onStop` hears of either, so the caller starts
 * nothing more. The caller resolves when the child exits, so this process exits with it.
 * Returns the function that lets go (the child has exited).
 */
export function superviseChild(child, proc = process, options = {}) {
  const forwarded = new Set();
  const pass = (signal) => {
    options.onStop?.(signal);
    if (forwarded.has(signal)) return;
    forwarded.add(signal);
    try {
      child.kill(signal);
    } catch {
      // Already gone: its exit ends the launcher.
    }
  };
  const handlers = FORWARDED_SIGNALS.map((signal) => [signal, () => pass(signal)]);
  for (const [signal, handler] of handlers) proc.on(signal, handler);
  const parent = options.parent ?? proc.ppid;
  const orphaned = () => {
    if (proc.ppid !== parent) pass('SIGTERM');
  };
  const watch = setInterval(orphaned, options.parentCheckMs ?? 1000);
  watch.unref();
  orphaned();
  return () => {
    clearInterval(watch);
    for (const [signal, handler] of handlers) proc.off(signal, handler);
  };
}

/** The launcher's exit code for a child that ended with `code` or by `signal` (128 + its number). */
export function exitCodeOf(code, signal) {
  if (code !== null && code !== undefined) return code;
  const number = signal ? osConstants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

/** The process that started the launcher, as it was at launch (see superviseChild). */
const LAUNCHED_BY = process.ppid;
/** Set once termination was asked for: no further step starts. */
let stopAsked = false;

/**
 * Runs a command to its end, supervised; resolves its exit code and, with `quiet`, its output
 * (shown only when it fails).
 */
function run(command, args, options = {}, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      ...options,
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const release = superviseChild(child, process, {
      parent: LAUNCHED_BY,
      onStop: () => (stopAsked = true),
    });
    child.on('error', (error) => {
      release();
      console.error(`npm start: could not run ${command}: ${error.message}`);
      resolve({ code: 1, output });
    });
    child.on('close', (code, signal) => {
      release();
      resolve({ code: exitCodeOf(code, signal), output });
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
    if (fit.code !== 0 || stopAsked) return fit.code;
    return (await run(bin('electron-vite'), ['preview'], { shell: process.platform === 'win32' }))
      .code;
  }
  console.warn(why);
  if (buildIsStale(ROOT)) {
    console.warn('npm start: building the app first (npm run build)…');
    const built = await run(
      'npm',
      ['run', '-s', 'build'],
      { shell: process.platform === 'win32' },
      true,
    );
    if (stopAsked) return built.code;
    if (built.code !== 0) {
      process.stderr.write(built.output);
      console.error('npm start: the build failed (above); nothing to open.');
      return 1;
    }
  }
  return (await run(process.execPath, [path.join(ROOT, 'bin', 'qjob.js'), 'web', ...args])).code;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) process.exitCode = await main(process.argv.slice(2));
