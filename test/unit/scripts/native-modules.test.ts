import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  binaryAbi,
  electronRebuildCommand,
  ensureForElectron,
  ensureForNode,
  systemDeps,
  type Command,
  type LoadResults,
  type Marker,
  type NativeModuleDeps,
  type RuntimeTarget,
} from '../../../scripts/native-modules.mjs';

/**
 * The decision logic of `scripts/native-modules.mjs` (what `npm start` and `npm test` run first),
 * with the file system, the binaries and the command runner replaced: the real rebuilds need
 * network and Electron's headers, and would change node_modules.
 */
const NODE_ABI = Number(process.versions.modules);
const ELECTRON: RuntimeTarget = { runtime: 'electron', version: '45.4.1', abi: 150 };

const napi = () => Buffer.from('\0\0napi_register_module_v1\0');
const abi = (n: number) => Buffer.from(`\0\0node_register_module_v${n}\0`);

/** A fake node_modules: binaries by module, a stash, a marker, and every command run. */
function fakeDeps(options: {
  binaries: Record<string, Buffer | null>;
  loads?: LoadResults;
  marker?: Marker | null;
  /** What a command does to the binaries, and whether it succeeds. */
  onRun?: (cmd: Command, binaries: Record<string, Buffer | null>) => boolean;
  bins?: string[];
  stash?: Record<string, Buffer>;
}) {
  const binaries = { ...options.binaries };
  const stash = { ...(options.stash ?? {}) };
  const runs: Command[] = [];
  const lines: string[] = [];
  const warnings: string[] = [];
  let marker = options.marker ?? null;
  let markerWrites = 0;
  let loads = options.loads ?? { keytar: { ok: true }, 'better-sqlite3': { ok: true } };
  const deps: NativeModuleDeps = {
    readBinary: (m) => binaries[m] ?? null,
    electronTarget: () => ELECTRON,
    probe: () => loads,
    hasBin: (name) => (options.bins ?? ['electron-rebuild', 'electron-builder']).includes(name),
    run(cmd) {
      runs.push(cmd);
      const ok = options.onRun ? options.onRun(cmd, binaries) : false;
      if (ok && cmd.bin === 'npm') {
        loads = { keytar: { ok: true }, 'better-sqlite3': { ok: true } };
      }
      return { ok, reason: ok ? '' : 'getaddrinfo ENOTFOUND electronjs.org' };
    },
    readMarker: () => marker,
    writeMarker(m) {
      marker = m;
      markerWrites += 1;
    },
    stash(m, target) {
      const b = binaries[m];
      if (b) stash[`${m}/${target.runtime}-${target.abi}`] = b;
    },
    restore(m, target) {
      const b = stash[`${m}/${target.runtime}-${target.abi}`];
      if (!b) return false;
      binaries[m] = b;
      if (target.runtime === 'node') loads = { ...loads, [m]: { ok: true } };
      return true;
    },
    log: (line) => lines.push(line),
    warn: (line) => warnings.push(line),
  };
  return {
    deps,
    runs,
    lines,
    warnings,
    stash,
    binaries,
    marker: () => marker,
    markerWrites: () => markerWrites,
  };
}

describe('reading what a native binary was built for', () => {
  it('tells an N-API module (any runtime) from one bound to a NODE_MODULE_VERSION', () => {
    expect(binaryAbi(napi())).toEqual({ kind: 'napi' });
    expect(binaryAbi(abi(115))).toEqual({ kind: 'abi', abi: 115 });
    expect(binaryAbi(null)).toEqual({ kind: 'missing' });
    expect(binaryAbi(Buffer.from('no symbols here'))).toEqual({ kind: 'unknown' });
  });

  it('reads the binaries npm installed here: keytar is N-API, better-sqlite3 is this Node’s ABI', () => {
    const deps = systemDeps(process.cwd());
    expect(binaryAbi(deps.readBinary('keytar'))).toEqual({ kind: 'napi' });
    const sqlite = binaryAbi(deps.readBinary('better-sqlite3'));
    // Unless `npm start` last rebuilt it for Electron (then the node mode puts it back).
    expect(sqlite.kind).toBe('abi');
    expect(deps.electronTarget()).toMatchObject({ runtime: 'electron', abi: expect.any(Number) });
  });
});

describe('before npm start (electron mode)', () => {
  it('does nothing when every binary fits Electron', () => {
    const f = fakeDeps({ binaries: { keytar: napi(), 'better-sqlite3': abi(150) } });
    expect(ensureForElectron(f.deps)).toBe('ready');
    expect(f.runs).toEqual([]);
    expect(f.markerWrites()).toBe(0);
  });

  it('rebuilds only the ABI-bound module, with electron-rebuild, and records it in the marker', () => {
    const f = fakeDeps({
      binaries: { keytar: napi(), 'better-sqlite3': abi(NODE_ABI) },
      onRun: (_cmd, binaries) => {
        binaries['better-sqlite3'] = abi(150);
        return true;
      },
    });
    expect(ensureForElectron(f.deps)).toBe('rebuilt');
    expect(f.runs).toEqual([
      {
        bin: 'electron-rebuild',
        args: ['--version', '45.4.1', '--only', 'better-sqlite3', '--force'],
      },
    ]);
    expect(f.marker()).toMatchObject({
      runtime: 'electron',
      version: '45.4.1',
      abi: 150,
      modules: ['better-sqlite3'],
    });
    // Both builds are kept, so switching back and forth needs no compiler and no network.
    expect(Object.keys(f.stash).sort()).toEqual([
      'better-sqlite3/electron-150',
      `better-sqlite3/node-${NODE_ABI}`,
    ]);
    expect(f.warnings).toEqual([]);
  });

  it('falls back to electron-builder install-app-deps when electron-rebuild is not installed', () => {
    expect(
      electronRebuildCommand(['better-sqlite3'], ELECTRON, (b) => b === 'electron-builder'),
    ).toEqual({ bin: 'electron-builder', args: ['install-app-deps'] });
    expect(electronRebuildCommand(['keytar'], ELECTRON, () => false)).toBeNull();
  });

  it('offline: one line saying what the app falls back to, no marker, and the app still starts', () => {
    const f = fakeDeps({
      binaries: { keytar: napi(), 'better-sqlite3': abi(NODE_ABI) },
      onRun: () => false,
    });
    expect(ensureForElectron(f.deps)).toBe('fallback');
    expect(f.runs).toHaveLength(1);
    expect(f.warnings).toHaveLength(1);
    expect(f.warnings[0]).toContain('better-sqlite3 not built for Electron 45.4.1 (ABI 150)');
    expect(f.warnings[0]).toContain('ENOTFOUND');
    expect(f.warnings[0]).toContain('jobs are kept in memory only');
    expect(f.warnings[0]).not.toContain('keychain'); // keytar is N-API: it loads in Electron
    expect(f.markerWrites()).toBe(0);
  });

  it('puts the Node build back when a failed rebuild has deleted it', () => {
    const f = fakeDeps({
      binaries: { keytar: napi(), 'better-sqlite3': abi(NODE_ABI) },
      onRun: (_cmd, binaries) => {
        binaries['better-sqlite3'] = null; // node-gyp rebuild cleans before it configures
        return false;
      },
    });
    expect(ensureForElectron(f.deps)).toBe('fallback');
    expect(binaryAbi(f.binaries['better-sqlite3'] ?? null)).toEqual({ kind: 'abi', abi: NODE_ABI });
  });

  it('names the keychain fallback when keytar’s binary is missing too', () => {
    const f = fakeDeps({ binaries: { keytar: null, 'better-sqlite3': abi(NODE_ABI) } });
    expect(ensureForElectron(f.deps)).toBe('fallback');
    expect(f.runs[0]?.args).toContain('keytar,better-sqlite3');
    expect(f.warnings[0]).toContain('instead of the OS keychain');
  });

  it('puts a stashed Electron build back instead of rebuilding', () => {
    const f = fakeDeps({
      binaries: { keytar: napi(), 'better-sqlite3': abi(NODE_ABI) },
      stash: { 'better-sqlite3/electron-150': abi(150) },
    });
    expect(ensureForElectron(f.deps)).toBe('restored');
    expect(f.runs).toEqual([]);
    expect(binaryAbi(f.binaries['better-sqlite3'] ?? null)).toEqual({ kind: 'abi', abi: 150 });
    expect(f.marker()).toMatchObject({ runtime: 'electron', modules: ['better-sqlite3'] });
  });
});

describe('before the tests (node mode)', () => {
  it('is a no-op when the modules load and the marker does not say Electron', () => {
    const f = fakeDeps({ binaries: { keytar: napi(), 'better-sqlite3': abi(NODE_ABI) } });
    expect(ensureForNode(f.deps)).toBe('ready');
    expect(f.runs).toEqual([]);
    expect(f.markerWrites()).toBe(0);
  });

  it('runs npm rebuild for a module that does not load under Node', () => {
    const f = fakeDeps({
      binaries: { keytar: napi(), 'better-sqlite3': abi(150) },
      loads: {
        keytar: { ok: true },
        'better-sqlite3': { ok: false, error: 'was compiled against NODE_MODULE_VERSION 150' },
      },
      onRun: () => true,
    });
    expect(ensureForNode(f.deps)).toBe('rebuilt');
    expect(f.runs).toEqual([{ bin: 'npm', args: ['rebuild', 'better-sqlite3'] }]);
    expect(f.marker()).toMatchObject({ runtime: 'node', abi: NODE_ABI });
  });

  it('rebuilds what the marker says was built for Electron, even if it loads', () => {
    const f = fakeDeps({
      binaries: { keytar: napi(), 'better-sqlite3': abi(NODE_ABI) },
      marker: {
        runtime: 'electron',
        version: '45.4.1',
        abi: 150,
        modules: ['keytar', 'better-sqlite3'],
        at: '2025-01-01T00:00:00Z',
      },
      onRun: () => true,
    });
    expect(ensureForNode(f.deps)).toBe('rebuilt');
    expect(f.runs).toEqual([{ bin: 'npm', args: ['rebuild', 'keytar', 'better-sqlite3'] }]);
    expect(f.marker()?.runtime).toBe('node');
  });

  it('restores the stashed Node build without running npm', () => {
    const f = fakeDeps({
      binaries: { keytar: napi(), 'better-sqlite3': abi(150) },
      loads: { keytar: { ok: true }, 'better-sqlite3': { ok: false, error: 'ABI 150' } },
      stash: { [`better-sqlite3/node-${NODE_ABI}`]: abi(NODE_ABI) },
    });
    expect(ensureForNode(f.deps)).toBe('restored');
    expect(f.runs).toEqual([]);
  });

  it('says which tests will fail when the rebuild does not help', () => {
    const f = fakeDeps({
      binaries: { keytar: napi(), 'better-sqlite3': abi(150) },
      loads: { keytar: { ok: true }, 'better-sqlite3': { ok: false, error: 'ABI 150' } },
      onRun: () => false,
    });
    expect(ensureForNode(f.deps)).toBe('failed');
    expect(f.warnings[0]).toContain('better-sqlite3 (ABI 150) still not loadable');
  });
});

describe('the stash on a real file system', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('keeps a build per runtime and ABI and renames it back into place (a new file)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-native-'));
    dirs.push(root);
    const dir = path.join(root, 'node_modules/better-sqlite3');
    mkdirSync(path.join(dir, 'build/Release'), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), '{"version":"12.6.2"}');
    const binary = path.join(dir, 'build/Release/better_sqlite3.node');
    writeFileSync(binary, abi(NODE_ABI));
    const deps = systemDeps(root);
    const node: RuntimeTarget = { runtime: 'node', version: process.versions.node, abi: NODE_ABI };

    deps.stash('better-sqlite3', node);
    writeFileSync(binary, abi(150)); // "rebuilt for Electron"
    const inode = statSync(binary).ino;
    expect(deps.restore('better-sqlite3', ELECTRON)).toBe(false); // nothing stashed for Electron
    expect(deps.restore('better-sqlite3', node)).toBe(true);
    expect(binaryAbi(readFileSync(binary))).toEqual({ kind: 'abi', abi: NODE_ABI });
    // A running process that mapped the old binary keeps its file.
    expect(statSync(binary).ino).not.toBe(inode);

    expect(deps.readMarker()).toBeNull();
    deps.writeMarker({ runtime: 'node', version: '20', abi: NODE_ABI, modules: [], at: 'now' });
    expect(deps.readMarker()).toMatchObject({ runtime: 'node' });
  });
});
