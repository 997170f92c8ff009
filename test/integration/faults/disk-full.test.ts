import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runProcess } from '../../support/cli-runner';

/**
 * A full disk, for real: the app core runs in a child process whose data folder is a 1 MiB
 * tmpfs, mounted in a user and mount namespace of its own (`unshare -rm`, no privileges
 * needed), then filled to the last byte. See disk-full-child.ts for the steps. Linux only;
 * skipped with a notice where unprivileged user namespaces are not available.
 */

const CAN_MOUNT =
  process.platform === 'linux' &&
  spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k probe "$(mktemp -d)"'])
    .status === 0;
if (!CAN_MOUNT)
  console.warn('disk-full tests skipped: cannot mount a tmpfs in a user namespace (unshare -rm)');

const CHILD = path.join(REPO_ROOT, 'test/integration/faults/disk-full-child.ts');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-disk-full-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

interface Outcome {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}
interface Report {
  before: { job: number; jobs: { ids: number[] } };
  full: {
    draftSave: Outcome;
    drafts: string[];
    profileSave: Outcome;
    profiles: string[];
    submitted: Outcome;
    jobs: Outcome & { ids?: number[]; cacheMessage?: string | null };
    strays: string[];
  };
  freed: { draftSave: Outcome; profileSave: Outcome; jobs: Outcome & { ids?: number[] } };
  restarted: { drafts: string[]; profiles: string[]; jobs: { ids: number[] } };
}

function runChild() {
  const data = fs.mkdtempSync(path.join(root, 'data-'));
  const simulator = fs.mkdtempSync(path.join(root, 'simulator-'));
  const script = `mount -t tmpfs -o size=1m qjob-full "$1" && exec "$3" --import tsx "$4" "$1" "$2"`;
  const args = ['-rm', 'sh', '-c', script, 'sh', data, simulator, process.execPath, CHILD];
  return runProcess('unshare', args, { timeoutMs: 120_000 });
}

describe.skipIf(!CAN_MOUNT)('the disk full under the app', () => {
  it('keeps drafts, settings and job records, says what is wrong, and catches up once there is room', async () => {
    const result = await runChild();
    expect(result.code, result.stderr).toBe(0);
    const r = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Report;

    // Saving the drafts fails, saying why and that nothing is lost; the last saved ones stay.
    expect(r.full.draftSave.error).toEqual({
      code: 'storage',
      message:
        'The open tabs could not be saved as drafts (the disk is full (ENOSPC)). They are still open in the editor; they are saved again at the next change.',
    });
    expect(r.full.drafts).toEqual(['# kept draft\n']);
    // Saving a profile fails the same way; the settings file is as it was.
    expect(r.full.profileSave.error?.code).toBe('profile.io');
    expect(r.full.profileSave.error?.message).toMatch(
      /^The settings file .*settings\.json could not be written \(the disk is full \(ENOSPC\)\); the settings were not changed\.$/,
    );
    expect(r.full.profiles).toContain('kept');
    expect(r.full.profiles).not.toContain('lost');
    // The service still works, and the job list still answers (the store says it cannot keep it).
    expect(r.full.submitted.ok).toBe(true);
    expect(r.full.jobs.ok).toBe(true);
    expect(r.full.jobs.ids).toEqual([2, r.before.job]);
    expect(r.full.jobs.cacheMessage).toMatch(
      /^The local job store could not keep the latest list \(the disk is full \(SQLITE_FULL\)\)/,
    );
    // Atomic writes leave no half-written temporary files behind.
    expect(r.full.strays).toEqual([]);

    // Room again: everything saves, and a restarted app has it all.
    expect([r.freed.draftSave.ok, r.freed.profileSave.ok, r.freed.jobs.ok]).toEqual([
      true,
      true,
      true,
    ]);
    expect(r.restarted.drafts).toEqual(['# after\n']);
    expect(r.restarted.profiles).toEqual(expect.arrayContaining(['kept', 'later']));
    expect(r.restarted.jobs.ids).toEqual([2, r.before.job]);
  });
});
