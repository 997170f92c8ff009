import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../src/core/app/create-app-core';
import { dispatchCall } from '../../../src/core/app/dispatch';
import type { AppCore } from '../../../src/core/app/types';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { createFileLogger } from '../../../src/core/logging/file-logger';

/**
 * The app's data is its user's alone: a data folder as an earlier version left it (0755 folders,
 * 0644 files: payloads, results and logs readable by every local user), the app started on it
 * with a permissive umask, a job run, drafts and settings written; then every folder the app
 * owns is 0700 and every file 0600, and nothing else in the folder was touched.
 */
const mode = (p: string) => lstatSync(p).mode & 0o777;

/** Every path under `dir` with its mode. */
function modes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      out[path.relative(dir, full)] = mode(full);
      if (lstatSync(full).isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out;
}

describe('the app’s files on disk', () => {
  let root: string;
  let umask: number;
  let core: AppCore | null = null;
  const previousConfigDir = process.env.QJOB_CONFIG_DIR;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'qjob-private-data-'));
    umask = process.umask(0);
  });
  afterEach(async () => {
    await core?.dispose();
    core = null;
    process.umask(umask);
    if (previousConfigDir === undefined) delete process.env.QJOB_CONFIG_DIR;
    else process.env.QJOB_CONFIG_DIR = previousConfigDir;
    rmSync(root, { recursive: true, force: true });
  });

  /** A data folder as an earlier version wrote it, with the default permissions. */
  function earlierVersion(dataDir: string): void {
    mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    for (const dir of ['logs', 'cache', 'simulator/web/b/variant-B/jobs'])
      mkdirSync(path.join(dataDir, dir), { recursive: true, mode: 0o755 });
    const files: Record<string, string> = {
      'settings.json': '{}\n',
      'drafts-web.json.unreadable-1700000000000': 'old drafts',
      'logs/web.log': 'a log line\n',
      'cache/jobs-web.sqlite': '',
      'simulator/web/b/token-secret': `${'ab'.repeat(32)}\n`,
      'simulator/web/b/variant-B/jobs/7.log': 'a job log with its payload\n',
    };
    for (const [name, text] of Object.entries(files))
      writeFileSync(path.join(dataDir, name), text, { mode: 0o644 });
  }

  async function start(dataDir: string): Promise<AppCore> {
    core = await createAppCore({
      shell: 'web',
      dataDir,
      fetch: (url, init) => fetch(url, init),
      secretStoreFactory: async () => new MemorySecretStore(),
      resourcesDir: path.resolve('resources'),
      initialProfileId: 'simulator-b',
      simulator: { speed: 20 },
      deviceRefreshMs: 60_000,
      logger: createFileLogger({ dir: path.join(dataDir, 'logs'), fileName: 'web.log' }),
    });
    return core;
  }

  async function use(app: AppCore): Promise<void> {
    const call = async (name: string, input: unknown) => {
      const outcome = await dispatchCall(app.handlers, name, input);
      if (!outcome.ok) throw new Error(`${name}: ${outcome.error.message}`);
      return outcome.value;
    };
    const text = readFileSync('test/fixtures/dialect/b-sampling-bell.yaml', 'utf8');
    const { jobId } = (await call('jobs.submit', { text, deviceCode: 'sim.statevector' })) as {
      jobId: number;
    };
    for (let i = 0; i < 400; i++) {
      const { jobs } = (await call('jobs.list', { refresh: true })) as {
        jobs: { id: number; status?: string }[];
      };
      if (jobs.find((j) => j.id === jobId)?.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await call('drafts.save', { tabs: [{ id: 't', title: 'bell.yaml', text, path: null }] });
    app.logger.info('used');
  }

  function expectPrivate(dataDir: string, entries: string[]): void {
    const all = modes(dataDir);
    const owned = Object.entries(all).filter(([name]) =>
      entries.some(
        (e) => name === e || name.startsWith(`${e}${path.sep}`) || name.startsWith(`${e}.`),
      ),
    );
    expect(owned.length).toBeGreaterThan(10);
    for (const [name, m] of owned) {
      const isDir = lstatSync(path.join(dataDir, name)).isDirectory();
      expect([name, m.toString(8)]).toEqual([name, (isDir ? 0o700 : 0o600).toString(8)]);
    }
    expect(Object.keys(all)).toEqual(
      expect.arrayContaining([
        path.join('cache', 'jobs-web.sqlite'),
        path.join('simulator', 'web', 'b', 'variant-B', 'jobs', '8.json'), // after the earlier job 7,
      ]),
    );
  }

  const ENTRIES = ['settings.json', 'drafts-web.json', 'logs', 'cache', 'simulator'];

  it('in a folder chosen with --data: the app’s entries, and nothing else', async () => {
    const dataDir = path.join(root, 'chosen');
    earlierVersion(dataDir);
    writeFileSync(path.join(dataDir, 'notes.txt'), 'the person’s own file', { mode: 0o644 });
    await use(await start(dataDir));
    expectPrivate(dataDir, ENTRIES);
    expect(mode(path.join(dataDir, 'notes.txt'))).toBe(0o644);
    expect(mode(dataDir)).toBe(0o755); // a folder the person chose is theirs to set
  });

  it('in the app’s own config folder: the folder itself too', async () => {
    const dataDir = path.join(root, 'quantum-job-studio');
    process.env.QJOB_CONFIG_DIR = dataDir;
    earlierVersion(dataDir);
    await use(await start(dataDir));
    expectPrivate(dataDir, ENTRIES);
    expect(mode(dataDir)).toBe(0o700);
  });
});
