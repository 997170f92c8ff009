#!/usr/bin/env node
// Where node-gyp finds the C/C++ headers of the Node that runs it, without a download.
//
// keytar and better-sqlite3 compile their native bindings when no prebuilt binary can be
// fetched (their install scripts try GitHub first). node-gyp then needs Node's headers: unless
// it is told a folder (`nodedir`), it downloads them from the Node.js site into
// ~/.cache/node-gyp, and on a machine that reaches only the npm registry it stops with
// `gyp ERR!`. Most Node installs ship those headers beside the binary (`<prefix>/include/node`:
// Linux packages and tarballs, Homebrew, nvm); official Windows installers do not.
//
// `nodeHeadersDir()` is that prefix when its headers are this Node's version, else null.
// scripts/setup.mjs, scripts/native-modules.mjs and .ci/run pass it as `npm_config_nodedir`.
//
//   node scripts/node-headers.mjs     prints the folder, or nothing (exit 1) when there is none
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version `node_version.h` under `prefix` declares ("20.20.2"), or null. */
export function headersVersion(prefix) {
  let text;
  try {
    text = readFileSync(path.join(prefix, 'include', 'node', 'node_version.h'), 'utf8');
  } catch {
    return null;
  }
  const part = (name) => new RegExp(`#define\\s+${name}\\s+(\\d+)`).exec(text)?.[1];
  const [major, minor, patch] = [
    'NODE_MAJOR_VERSION',
    'NODE_MINOR_VERSION',
    'NODE_PATCH_VERSION',
  ].map(part);
  return major && minor && patch ? `${major}.${minor}.${patch}` : null;
}

/**
 * The folder to give node-gyp as `nodedir` for the Node at `execPath` (version `version`, without
 * the "v"): its install prefix when `include/node` there holds `common.gypi` and the headers of
 * that very version (headers of another version build a binary that may not load). Null otherwise.
 */
export function nodeHeadersDir(execPath = process.execPath, version = process.versions.node) {
  const prefix = path.resolve(path.dirname(execPath), '..');
  if (!existsSync(path.join(prefix, 'include', 'node', 'common.gypi'))) return null;
  return headersVersion(prefix) === version ? prefix : null;
}

/**
 * The environment for an npm command that may build native modules: `npm_config_nodedir` set to
 * this Node's headers, unless the person already chose a folder (their npm setting, passed to
 * this process as npm_config_nodedir, wins). `headers` is what was decided, for a message.
 */
export function envWithNodeHeaders(env = process.env, dir = nodeHeadersDir()) {
  const chosen = env.npm_config_nodedir ?? env.NPM_CONFIG_NODEDIR;
  if (chosen) return { env, headers: { dir: chosen, source: 'npm setting nodedir' } };
  if (!dir) return { env, headers: null };
  return { env: { ...env, npm_config_nodedir: dir }, headers: { dir, source: 'this Node' } };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const dir = nodeHeadersDir();
  if (dir) process.stdout.write(`${dir}\n`);
  else process.exitCode = 1;
}
