#!/usr/bin/env node
// `npm run setup`: the dependencies, Electron's binary, the build.
//
//   node scripts/setup.mjs          npm ci, then scripts/electron-binary.mjs install, then the build
//   node scripts/setup.mjs --deps   npm ci only (what .ci/run does before npm test)
//
// `npm ci` builds two native modules (keytar, better-sqlite3) when no prebuilt binary can be
// downloaded: they are compiled with node-gyp, which needs Python 3, make, a C++ compiler and
// Node's headers. The headers are taken from the Node that runs this script
// (scripts/node-headers.mjs), so nothing is downloaded from outside the npm registry; without
// them node-gyp would fetch them from the Node.js site. A failed compile stops `npm ci`
// (gyp ERR!): the line printed here says what to install.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envWithNodeHeaders } from './node-headers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The line that says which headers a native build would use, for the log of the set-up. */
export function headersLine(headers) {
  if (!headers)
    return "setup: Node's headers are not beside this node (no include/node under its prefix): a native module without a prebuilt binary makes node-gyp download them from the Node.js site.";
  return `setup: native modules are built against Node's own headers in ${path.join(headers.dir, 'include', 'node')} (${headers.source}); nothing is downloaded for them.`;
}

/** What to do when `npm ci` failed, said once at the end (npm's own output is above it). */
export const NPM_CI_FAILED =
  'setup: npm ci failed (above). If it stopped at gyp ERR! while building keytar or better-sqlite3, the native modules need python3, make and a C++ compiler (Debian: sudo apt-get install python3 make g++ libsecret-1-dev), then run npm run setup again.';

/**
 * What `npm run setup` runs, in order: the dependencies, then Electron's binary (it is not
 * downloaded by `npm ci` since Electron 42; a failed download never fails setup), then the build.
 * `deps` marks what `--deps` runs alone.
 */
export const SETUP_STEPS = [
  { name: 'npm ci', command: 'npm', args: ['ci'], deps: true },
  {
    name: 'node scripts/electron-binary.mjs install',
    command: process.execPath,
    args: [path.join(ROOT, 'scripts', 'electron-binary.mjs'), 'install'],
    deps: false,
  },
  { name: 'npm run build', command: 'npm', args: ['run', 'build'], deps: false },
];

function step(command, args, env) {
  const r = spawnSync(command, args, {
    cwd: ROOT,
    env,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  return r.status ?? 1;
}

function main(args) {
  const { env, headers } = envWithNodeHeaders(process.env);
  console.log(headersLine(headers));
  const depsOnly = args.includes('--deps');
  for (const { name, command, args: stepArgs, deps } of SETUP_STEPS) {
    if (depsOnly && !deps) continue;
    const code = step(command, stepArgs, env);
    if (code === 0) continue;
    if (name === 'npm ci') console.error(NPM_CI_FAILED);
    return code;
  }
  return 0;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) process.exitCode = main(process.argv.slice(2));
