#!/usr/bin/env node
// Makes the native modules in node_modules fit the runtime about to load them.
//
//   node scripts/native-modules.mjs electron   before `npm start` / `npm run dev`
//   node scripts/native-modules.mjs node       before the tests (scripts/test.mjs)
//
// One node_modules serves two runtimes with different native ABIs: Node (the tests, the CLI,
// browser mode) and Electron (the desktop app run from source). better-sqlite3 is compiled
// against one ABI (its binary exports `node_register_module_v<ABI>`); keytar is an N-API module
// (`napi_register_module_v1`) and loads in both. A module built for the wrong runtime does not
// stop the app: it falls back (tokens to safeStorage or memory, jobs to memory) and says so in the
// main log and the UI; this script is what keeps a developer out of that fallback.
//
// - electron: reads each binary's ABI; a module built for another ABI is restored from the
//   stash (a copy kept from an earlier build for that ABI) or rebuilt with @electron/rebuild
//   (`electron-rebuild`, or `electron-builder install-app-deps` when that is all there is).
//   Needs network the first time (Electron's headers or a prebuilt binary). If it fails, one
//   line says what the app falls back to, and the app starts anyway (exit 0).
// - node: a no-op when the modules load under this Node and the marker does not say Electron;
//   otherwise restores them from the stash or runs `npm rebuild <modules>`.
//
// The marker (node_modules/.qjob-native-modules.json) records which runtime the last switch
// built for. No marker means "as npm installed it", i.e. for Node. `npm run dist` rebuilds for
// Electron too (electron-builder's npmRebuild) without a marker: the node-mode load check
// catches that.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envWithNodeHeaders } from './node-headers.mjs';

/** The native modules the app loads, and what the app does without each. */
export const NATIVE_MODULES = [
  {
    name: 'keytar',
    binary: 'build/Release/keytar.node',
    probe: "require('keytar')",
    fallback:
      'logins are kept in a safeStorage-encrypted file (or in memory) instead of the OS keychain',
  },
  {
    name: 'better-sqlite3',
    binary: 'build/Release/better_sqlite3.node',
    // require() alone does not load the binary; opening a database does.
    probe: "new (require('better-sqlite3'))(':memory:').close()",
    fallback: 'jobs are kept in memory only (no local job store for offline use)',
  },
];

export const MARKER_FILE = '.qjob-native-modules.json';
const STASH_DIR = path.join('.cache', 'qjob-native-modules');

/**
 * What a binary was built for, read from the registration symbol it exports (ELF, Mach-O and PE
 * all keep the name as plain bytes): `{ kind: 'napi' }` loads in any runtime, `{ kind: 'abi',
 * abi }` only in a runtime of that NODE_MODULE_VERSION.
 */
export function binaryAbi(bytes) {
  if (!bytes) return { kind: 'missing' };
  const text = bytes.toString('latin1');
  const abi = /node_register_module_v(\d+)/.exec(text);
  if (abi) return { kind: 'abi', abi: Number(abi[1]) };
  if (text.includes('napi_register_module_v1')) return { kind: 'napi' };
  return { kind: 'unknown' };
}

export function fitsRuntime(found, abi) {
  return found.kind === 'napi' || (found.kind === 'abi' && found.abi === abi);
}

/** Modules whose binary does not fit `target.abi` (what the electron mode must fix). */
export function modulesToBuildForElectron(binaries, target) {
  return NATIVE_MODULES.filter((m) => !fitsRuntime(binaries[m.name], target.abi)).map(
    (m) => m.name,
  );
}

/**
 * Modules the node mode must fix: those that fail to load under this Node, and those the marker
 * says were last built for Electron (a build from Electron's headers may load here and still be
 * the wrong one).
 */
export function modulesToBuildForNode(loads, marker) {
  const forElectron = marker?.runtime === 'electron' ? (marker.modules ?? []) : [];
  return NATIVE_MODULES.filter(
    (m) => loads[m.name]?.ok !== true || forElectron.includes(m.name),
  ).map((m) => m.name);
}

/** The command that rebuilds `modules` for Electron, from what node_modules/.bin offers. */
export function electronRebuildCommand(modules, target, hasBin) {
  if (hasBin('electron-rebuild')) {
    return {
      bin: 'electron-rebuild',
      args: ['--version', target.version, '--only', modules.join(','), '--force'],
    };
  }
  if (hasBin('electron-builder')) return { bin: 'electron-builder', args: ['install-app-deps'] };
  return null;
}

function stashKey(module, version, target) {
  return `${module}@${version}/${process.platform}-${process.arch}-${target.runtime}-${target.abi}`;
}

/** The real file system, node_modules/.bin and child processes; tests replace any of these. */
export function systemDeps(root) {
  const nodeModules = path.join(root, 'node_modules');
  const binaryPath = (m) =>
    path.join(nodeModules, m, NATIVE_MODULES.find((x) => x.name === m).binary);
  const moduleVersion = (m) => {
    try {
      return JSON.parse(readFileSync(path.join(nodeModules, m, 'package.json'), 'utf8')).version;
    } catch {
      return 'unknown';
    }
  };
  const bin = (name) =>
    path.join(nodeModules, '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
  return {
    readBinary(m) {
      const file = binaryPath(m);
      return existsSync(file) ? readFileSync(file) : null;
    },
    electronTarget() {
      const dir = path.join(nodeModules, 'electron');
      const version = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
      const abi = Number(readFileSync(path.join(dir, 'abi_version'), 'utf8').trim());
      return { runtime: 'electron', version, abi };
    },
    /** Loads every module in a fresh Node (this process may have loaded an old binary). */
    probe() {
      const code = `const r={};for(const [n,p] of ${JSON.stringify(
        NATIVE_MODULES.map((m) => [m.name, m.probe]),
      )}){try{eval(p);r[n]={ok:true}}catch(e){r[n]={ok:false,error:String(e&&e.message||e).split('\\n')[0]}}}process.stdout.write(JSON.stringify(r))`;
      const r = spawnSync(process.execPath, ['-e', code], { cwd: root, encoding: 'utf8' });
      try {
        return JSON.parse(r.stdout);
      } catch {
        const error = (r.stderr || 'the probe did not run').trim().split('\n')[0];
        return Object.fromEntries(NATIVE_MODULES.map((m) => [m.name, { ok: false, error }]));
      }
    },
    hasBin: (name) => existsSync(bin(name)),
    run(cmd) {
      const file = cmd.bin === 'npm' ? 'npm' : bin(cmd.bin);
      const r = spawnSync(file, cmd.args, {
        cwd: root,
        // npm rebuild compiles against this Node's own headers when they are there (no download).
        env: cmd.bin === 'npm' ? envWithNodeHeaders(process.env).env : process.env,
        stdio: ['ignore', 'inherit', 'pipe'],
        encoding: 'utf8',
        shell: process.platform === 'win32',
      });
      if (r.stderr) process.stderr.write(r.stderr);
      const lastLine = (r.stderr || '').trim().split('\n').filter(Boolean).pop() ?? '';
      return { ok: r.status === 0, reason: r.error?.message ?? lastLine };
    },
    readMarker() {
      try {
        return JSON.parse(readFileSync(path.join(nodeModules, MARKER_FILE), 'utf8'));
      } catch {
        return null;
      }
    },
    writeMarker(marker) {
      writeFileSync(path.join(nodeModules, MARKER_FILE), JSON.stringify(marker, null, 2) + '\n');
    },
    /** Keeps a copy of the module's binary, filed under the runtime and ABI it was built for. */
    stash(m, target) {
      const from = binaryPath(m);
      if (!existsSync(from)) return;
      const to = path.join(nodeModules, STASH_DIR, stashKey(m, moduleVersion(m), target));
      mkdirSync(to, { recursive: true });
      copyFileSync(from, path.join(to, path.basename(from)));
    },
    /** Puts a stashed binary back; a new file renamed into place, never overwritten in place. */
    restore(m, target) {
      const to = binaryPath(m);
      const from = path.join(
        nodeModules,
        STASH_DIR,
        stashKey(m, moduleVersion(m), target),
        path.basename(to),
      );
      if (!existsSync(from)) return false;
      const tmp = `${to}.${process.pid}.tmp`;
      copyFileSync(from, tmp);
      renameSync(tmp, to);
      return true;
    },
    log: (line) => console.log(line),
    warn: (line) => console.warn(line),
  };
}

function nodeTarget() {
  return { runtime: 'node', version: process.versions.node, abi: Number(process.versions.modules) };
}

function scanAll(deps) {
  return Object.fromEntries(
    NATIVE_MODULES.map((m) => [m.name, binaryAbi(deps.readBinary(m.name))]),
  );
}

function describeBuild(found) {
  if (found.kind === 'abi') return `ABI ${found.abi}`;
  if (found.kind === 'napi') return 'N-API';
  return found.kind;
}

/** electron mode. Returns 'ready' | 'rebuilt' | 'restored' | 'fallback'. */
export function ensureForElectron(deps) {
  const target = deps.electronTarget();
  const label = `Electron ${target.version} (ABI ${target.abi})`;
  let binaries = scanAll(deps);
  const needed = modulesToBuildForElectron(binaries, target);
  if (needed.length === 0) {
    deps.log(`native-modules: ${NATIVE_MODULES.map((m) => m.name).join(', ')} fit ${label}`);
    return 'ready';
  }
  // Keep the current (Node) builds, so the tests get them back without a compiler or network.
  const stashedForNode = [];
  for (const name of needed) {
    const found = binaries[name];
    if (found.kind === 'abi' && found.abi === Number(process.versions.modules)) {
      deps.stash(name, nodeTarget());
      stashedForNode.push(name);
    }
  }
  const restored = needed.filter((name) => deps.restore(name, target));
  binaries = scanAll(deps);
  let missing = modulesToBuildForElectron(binaries, target);
  let outcome = 'restored';
  let reason = '';
  if (missing.length > 0) {
    outcome = 'rebuilt';
    const cmd = electronRebuildCommand(missing, target, deps.hasBin);
    if (!cmd) {
      reason = 'neither electron-rebuild nor electron-builder is installed (npm ci)';
    } else {
      deps.log(`native-modules: rebuilding ${missing.join(', ')} for ${label}…`);
      const r = deps.run(cmd);
      if (!r.ok) reason = r.reason || `${cmd.bin} failed`;
    }
    binaries = scanAll(deps);
    missing = modulesToBuildForElectron(binaries, target);
  }
  const fixed = needed.filter((name) => !missing.includes(name));
  for (const name of fixed) if (!restored.includes(name)) deps.stash(name, target);
  if (fixed.length > 0) {
    deps.writeMarker({
      runtime: 'electron',
      version: target.version,
      abi: target.abi,
      modules: fixed,
      at: new Date().toISOString(),
    });
  }
  if (missing.length === 0) {
    deps.log(`native-modules: ${needed.join(', ')} ${outcome} for ${label}`);
    return outcome;
  }
  // A failed node-gyp rebuild has already cleaned the module's build folder: put Node's build
  // back, so a failed attempt leaves node_modules as it found it.
  for (const name of missing) if (stashedForNode.includes(name)) deps.restore(name, nodeTarget());
  const losses = NATIVE_MODULES.filter((m) => missing.includes(m.name))
    .map((m) => m.fallback)
    .join('; ');
  deps.warn(
    `native-modules: ${missing.join(', ')} not built for ${label} (${
      reason || missing.map((n) => `${n}: ${describeBuild(binaries[n])}`).join(', ')
    }); the app starts anyway, but ${losses}. Rerun \`npm start\` online to fix.`,
  );
  return 'fallback';
}

/** node mode. Returns 'ready' | 'rebuilt' | 'restored' | 'failed'. */
export function ensureForNode(deps) {
  const target = nodeTarget();
  const label = `Node ${target.version} (ABI ${target.abi})`;
  const marker = deps.readMarker();
  const needed = modulesToBuildForNode(deps.probe(), marker);
  if (needed.length === 0) {
    deps.log(`native-modules: ${NATIVE_MODULES.map((m) => m.name).join(', ')} load under ${label}`);
    return 'ready';
  }
  const why = marker?.runtime === 'electron' ? 'last built for Electron' : 'do not load';
  const restored = needed.filter((name) => deps.restore(name, target));
  let loads = deps.probe();
  let missing = needed.filter((name) => !restored.includes(name) || loads[name]?.ok !== true);
  let outcome = missing.length === 0 ? 'restored' : 'rebuilt';
  if (missing.length > 0) {
    deps.log(`native-modules: ${missing.join(', ')} ${why}; npm rebuild ${missing.join(' ')}…`);
    deps.run({ bin: 'npm', args: ['rebuild', ...missing] });
    loads = deps.probe();
    missing = needed.filter((name) => loads[name]?.ok !== true);
  }
  const fixed = needed.filter((name) => !missing.includes(name));
  if (fixed.length > 0 || marker?.runtime === 'electron') {
    deps.writeMarker({
      runtime: 'node',
      version: target.version,
      abi: target.abi,
      modules: fixed,
      at: new Date().toISOString(),
    });
  }
  if (missing.length === 0) {
    deps.log(`native-modules: ${needed.join(', ')} ${outcome} for ${label}`);
    return outcome;
  }
  deps.warn(
    `native-modules: ${missing
      .map((n) => `${n} (${loads[n]?.error ?? 'does not load'})`)
      .join(', ')} still not loadable under ${label}: tests that use ${
      missing.length > 1 ? 'them' : 'it'
    } will fail.`,
  );
  return 'failed';
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const mode = process.argv[2];
  const root = fileURLToPath(new URL('..', import.meta.url));
  const deps = systemDeps(root);
  if (mode === 'electron') {
    ensureForElectron(deps);
    process.exit(0); // a fallback is announced, never fatal: the app still starts
  } else if (mode === 'node') {
    process.exit(ensureForNode(deps) === 'failed' ? 1 : 0);
  } else {
    console.error('usage: node scripts/native-modules.mjs electron|node');
    process.exit(2);
  }
}
