import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src/core/app/types';
import { STALE_TEMP_MS } from '../../../src/node-kit/fs/atomic-write';
import { REPO_ROOT } from '../../support/cli-runner';
import { callCore, openAppCore } from '../../support/app-core';

/**
 * A crash in the middle of a large draft save left its temporary file (tens of MB) in the data
 * folder, never cleaned (issue 28, item 18). For real: a process saving 200 MB of drafts through
 * the app's atomic write is killed (SIGKILL) while it writes; once its file is old, the app's
 * next start removes it, and the drafts saved before are intact.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-interrupted-'));
let core: AppCore | null = null;
afterAll(async () => {
  await core?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const DRAFTS = path.join(dataDir, 'drafts-web.json');
const SAVE = `
const { writeFileAtomic } = await import(${JSON.stringify(path.join(REPO_ROOT, 'src/node-kit/fs/atomic-write.ts'))});
await writeFileAtomic(${JSON.stringify(DRAFTS)}, 'x'.repeat(200 * 1024 * 1024));
`;
const temps = () => readdirSync(dataDir).filter((n) => n.endsWith('.tmp'));

async function crashMidWrite(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SAVE], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      const [temp] = temps();
      if (temp && statSync(path.join(dataDir, temp)).size > 1024 * 1024) return temp;
      if (child.exitCode !== null) throw new Error('the save ended before it could be killed');
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

describe('writes a crash interrupted', () => {
  it('leave a temporary file that the next start removes once it is old', async () => {
    const kept = JSON.stringify({ version: 1, savedAt: new Date().toISOString(), tabs: [] });
    writeFileSync(DRAFTS, kept);
    const temp = await crashMidWrite();
    expect(temps()).toEqual([temp]);
    const old = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    utimesSync(path.join(dataDir, temp), old, old);

    core = await openAppCore(dataDir);
    expect(temps()).toEqual([]);
    expect(await callCore(core, 'drafts.load', {})).toEqual([]);
    expect(readdirSync(dataDir)).toContain('drafts-web.json');
  });
});
