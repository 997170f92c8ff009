import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import type { CliRun } from '../../support/cli-runner';
import { REPO_ROOT, runProcess } from '../../support/cli-runner';

/**
 * Tags and notes live only in the local job store: on a full disk or a read-only data folder
 * `qjob tag` once printed the tag and exited 0, and the next read showed none; a sweep left an
 * empty batch store and sent its jobs without a word (issue 28, item 11). For real: qjob runs in
 * a child process whose config folder is a 1 MiB tmpfs in a user and mount namespace of its own
 * (`unshare -rm`), filled to the last byte, then freed, then remounted read-only. Linux only;
 * skipped with a notice where unprivileged user namespaces are not available
 * (test/unit/core/annotations/annotation-store.test.ts covers the refusals at the store).
 */
const CAN_MOUNT =
  process.platform === 'linux' &&
  spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k probe "$(mktemp -d)"'])
    .status === 0;
if (!CAN_MOUNT)
  console.warn('disk-full notes tests skipped: cannot mount a tmpfs in a user namespace');

const CHILD = path.join(REPO_ROOT, 'test/integration/cli/disk-full-notes-child.ts');
const DOC = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}, !M {qubits: [0]}]}
`;

let sim: SimulatorHandle;
let root: string;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-full-notes-'));
  sim = await startSimulator({ variant: 'B', speed: 50, onProblem: () => undefined });
});
afterAll(async () => {
  await sim?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

interface Report {
  login: CliRun;
  submitted: CliRun;
  kept: CliRun;
  full: { tag: CliRun; note: CliRun; sweep: CliRun; batchStoreLeft: boolean };
  freed: { tags: CliRun; note: CliRun; jobs: CliRun };
  readOnly: { tag: CliRun; note: CliRun; tags: CliRun };
}

describe.skipIf(!CAN_MOUNT)('tags, notes and sweeps on a full or read-only disk', () => {
  it('refuse with a non-zero exit and say why; nothing is reported kept that is not', async () => {
    const config = fs.mkdtempSync(path.join(root, 'config-'));
    const payload = path.join(root, 'sweep.yaml');
    fs.writeFileSync(payload, DOC);
    const script = `mount -t tmpfs -o size=1m qjob-full "$1" && exec "$4" --import tsx "$5" "$1" "$2" "$3"`;
    const args = ['-rm', 'sh', '-c', script, 'sh', config, sim.url, payload, process.execPath];
    const result = await runProcess('unshare', [...args, CHILD], { timeoutMs: 180_000 });
    expect(result.code, result.stderr).toBe(0);
    const r = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Report;

    expect(r.login.code, r.login.stderr).toBe(0);
    expect(r.submitted.code, r.submitted.stderr).toBe(0);
    const { id } = JSON.parse(r.submitted.stdout) as { id: number };
    expect(r.kept.code, r.kept.stderr).toBe(0);
    expect(JSON.parse(r.kept.stdout)).toEqual({ id, tags: ['kept1'] });

    // The disk full: each write is refused, says why, and prints no answer as if it had worked.
    for (const run of [r.full.tag, r.full.note]) {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/the disk (is|may be) full/);
      expect(run.stderr).toMatch(/nothing was (read or )?changed/i);
    }
    expect(r.full.sweep.code).toBe(1);
    expect(r.full.sweep.stderr).toContain('Nothing was sent');
    expect(r.full.sweep.stderr).toMatch(/the disk (is|may be) full/);
    expect(r.full.batchStoreLeft).toBe(false);

    // Room again: only what was kept is there.
    expect(JSON.parse(r.freed.tags.stdout)).toEqual({ id, tags: ['kept1'] });
    expect(JSON.parse(r.freed.note.stdout)).toMatchObject({ id, note: '' });
    // The sweep sent nothing: the one job is the one submitted before.
    expect((JSON.parse(r.freed.jobs.stdout) as { id: number }[]).map((j) => j.id)).toEqual([id]);

    // A read-only data folder: the same.
    for (const run of [r.readOnly.tag, r.readOnly.note]) {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/the disk is read-only \(\w+\)/);
      expect(run.stderr).toMatch(/nothing was (read or )?changed/i);
    }
    // The store cannot even be opened there: a read says so rather than show no tags.
    expect(r.readOnly.tags.code).toBe(1);
    expect(r.readOnly.tags.stdout).toBe('');
    expect(r.readOnly.tags.stderr).toContain('so nothing was read or changed');
  });
});
