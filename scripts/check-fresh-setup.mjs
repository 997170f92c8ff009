#!/usr/bin/env node
// Checks the README's set-up as a newcomer meets it: `npm run setup` in a copy of this checkout
// with a fresh HOME (no ~/.npmrc, so no `nodedir` or other npm setting of the machine's user),
// an empty npm cache, and nothing reachable but the npm registry.
//
//   node scripts/check-fresh-setup.mjs [--keep]
//
// "Nothing but the npm registry" is made to hold on any machine for the downloads the set-up is
// known to try: the prebuilt binaries of keytar and better-sqlite3 (prebuild-install, GitHub),
// Node's headers (node-gyp, the Node.js site) and Electron's binary (GitHub) are pointed at a
// closed port on 127.0.0.1. On this project's machines every other host is unreachable anyway.
//
// Passes when setup exits 0, both native modules load under this Node, node-gyp downloaded no
// headers into the fresh HOME, and the built CLI runs. Takes several minutes (a whole npm ci
// from an empty cache, two native compiles, the build); prints one line per step and, on a
// failure, the end of the set-up's output. The copy is deleted afterwards unless --keep.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  readlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * The discard port, where nothing listens: a download sent there fails at once (clients built on
 * fetch refuse port 9 before connecting, "bad port"; the others find it closed).
 */
const CLOSED = 'http://127.0.0.1:9';

/**
 * The environment of a newcomer's shell: this one without npm's own variables (a script run by
 * `npm run` inherits the user's npm settings as npm_config_*), with `home` as HOME and
 * `cache` as npm's cache, and the downloads from outside the npm registry sent nowhere.
 */
export function freshEnv(env, home, cache) {
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_/i.test(key) || key === 'INIT_CWD' || key === 'NODE_OPTIONS') continue;
    if (/^(ELECTRON_|electron_config_)/.test(key)) continue;
    out[key] = value;
  }
  return {
    ...out,
    HOME: home,
    USERPROFILE: home,
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_CONFIG_HOME: path.join(home, '.config'),
    npm_config_cache: cache,
    npm_config_update_notifier: 'false',
    // prebuild-install's download host, per package (keytar, better-sqlite3).
    npm_config_keytar_binary_host: CLOSED,
    npm_config_better_sqlite3_binary_host: CLOSED,
    // node-gyp's headers.
    npm_config_dist_url: CLOSED,
    // Electron's binary (scripts/electron-binary.mjs install).
    ELECTRON_MIRROR: `${CLOSED}/`,
  };
}

/** The checkout's files as git sees them (tracked, and new ones not ignored), copied to `to`. */
function copyCheckout(to) {
  const r = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`git ls-files failed: ${r.stderr.trim()}`);
  let copied = 0;
  for (const rel of r.stdout.split('\0').filter(Boolean)) {
    const from = path.join(ROOT, rel);
    if (!existsSync(from)) continue; // deleted in the work tree
    const target = path.join(to, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    if (lstatSync(from).isSymbolicLink()) symlinkSync(readlinkSync(from), target);
    else copyFileSync(from, target);
    copied++;
  }
  return copied;
}

function runLogged(command, args, options, logFile) {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', (error) => {
      log.end(`\n${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => log.end(() => resolve(code ?? 1)));
  });
}

function tail(file, lines) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

async function main(args) {
  const keep = args.includes('--keep');
  const base = mkdtempSync(path.join(os.tmpdir(), 'qjob-fresh-setup-'));
  const home = path.join(base, 'home');
  const cache = path.join(base, 'npm-cache');
  const copy = path.join(base, 'checkout');
  const logFile = path.join(base, 'setup.log');
  mkdirSync(home, { recursive: true });
  const env = freshEnv(process.env, home, cache);
  const say = (line) => console.log(`fresh-setup: ${line}`);
  let ok;
  try {
    say(`${copyCheckout(copy)} files of this checkout copied to ${copy}`);
    say(`HOME=${home} (no ~/.npmrc), npm cache ${cache} (empty)`);
    const nodedir = spawnSync('npm', ['config', 'get', 'nodedir'], {
      cwd: copy,
      env,
      encoding: 'utf8',
    });
    say(`npm's nodedir setting there: ${nodedir.stdout.trim() || '(none)'}`);
    say(
      'downloads from GitHub and the Node.js site are sent to a closed port; running npm run setup…',
    );
    const started = Date.now();
    const code = await runLogged('npm', ['run', 'setup'], { cwd: copy, env }, logFile);
    const took = Math.round((Date.now() - started) / 1000);
    say(
      `npm run setup exited ${code} after ${Math.floor(took / 60)} min ${took % 60} s (log: ${logFile})`,
    );
    const log = readFileSync(logFile, 'utf8');
    const headersLine = log.split('\n').find((l) => l.startsWith('setup: '));
    if (headersLine) say(`it said: ${headersLine}`);
    const checks = [];
    checks.push(['npm run setup exits 0', code === 0]);
    const load = spawnSync(
      process.execPath,
      ['-e', "require('keytar'); new (require('better-sqlite3'))(':memory:').close()"],
      { cwd: copy, env, encoding: 'utf8' },
    );
    checks.push([
      'keytar and better-sqlite3 load under this Node',
      load.status === 0,
      load.stderr.trim().split('\n')[0],
    ]);
    const built = ['keytar', 'better-sqlite3'].map((m) =>
      existsSync(path.join(copy, 'node_modules', m, 'build', 'Release')),
    );
    checks.push(['both were compiled here (build/Release)', built.every(Boolean)]);
    checks.push([
      'node-gyp downloaded no headers (no ~/.cache/node-gyp in the fresh HOME)',
      !existsSync(path.join(home, '.cache', 'node-gyp')),
    ]);
    const cli = spawnSync(process.execPath, [path.join(copy, 'bin', 'qjob.js'), '--version'], {
      cwd: copy,
      env: { ...env, QJOB_CLI_FROM: 'bundle' },
      encoding: 'utf8',
    });
    checks.push(['the built CLI runs (qjob --version)', cli.status === 0, cli.stdout.trim()]);
    for (const [what, passed, detail] of checks)
      say(`${passed ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
    ok = checks.every(([, passed]) => passed);
    if (!ok) {
      console.log('fresh-setup: the end of the set-up output:');
      console.log(tail(logFile, 40));
    }
    say(ok ? 'PASS' : 'FAIL');
  } finally {
    if (keep) say(`kept ${base}`);
    else rmSync(base, { recursive: true, force: true });
  }
  return ok ? 0 : 1;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) process.exitCode = await main(process.argv.slice(2));
