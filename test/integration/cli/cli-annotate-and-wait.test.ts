import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import { REPO_ROOT, runCli } from '../../support/cli-runner';

/**
 * What the third first-hour walk (issue 25) found in `qjob tag`, `qjob note` and `qjob wait`,
 * against the simulator over HTTP: a tag or note for a job that does not exist was kept and
 * exited 0; `wait` printed status changes only, although the job's log states its progress and
 * the help promises it, and showed "device id 2" where `qjob job` shows the device's code.
 */
const BELL = path.join(REPO_ROOT, 'resources/templates/b/bell.yaml');

let sim: SimulatorHandle;
let configDir: string;
let env: Record<string, string>;
let conn: string[];

beforeAll(async () => {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-annotate-wait-'));
  // Half speed: Sirius's 2 s of run overhead take 4 s, long enough to watch the job move.
  sim = await startSimulator({ variant: 'B', speed: 0.5, seed: 1, onProblem: () => undefined });
  env = {
    QJOB_CONFIG_DIR: configDir,
    QJOB_NO_KEYCHAIN: '1',
    QJOB_USER: 'demo',
    QJOB_API_KEY: 'demo',
  };
  conn = ['--base-url', sim.url, '--variant', 'B'];
  expect((await runCli(['login', ...conn], { env })).code).toBe(0);
});
afterAll(async () => {
  await sim.stop();
  fs.rmSync(configDir, { recursive: true, force: true });
});

async function submit(device: string): Promise<number> {
  const run = await runCli(['submit', BELL, '--device', device, '--json', ...conn], { env });
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { id: number }).id;
}

describe('tags and notes of a job that does not exist', () => {
  it('are refused with exit 1 and what was not done; a real job is tagged and noted', async () => {
    const tag = await runCli(['tag', '999', 'calib', ...conn], { env });
    expect(tag.code).toBe(1);
    expect(tag.stderr).toMatch(
      new RegExp(
        `^qjob tag: job 999 was not found on ${sim.url} \\(HTTP 404.*\\): no tag was added\\n$`,
      ),
    );
    const note = await runCli(['note', '999', 'drifted', 'overnight', ...conn], { env });
    expect(note.code).toBe(1);
    expect(note.stderr).toMatch(
      /^qjob note: job 999 was not found on .*: the note was not kept\n$/,
    );
    // Nothing was kept for 999.
    const shown = await runCli(['tag', '999', ...conn], { env });
    expect(shown.stdout).toBe('Job 999 has no tags.\n');

    const id = await submit('sim.statevector');
    const tagged = await runCli(['tag', String(id), 'calib', ...conn], { env });
    expect(tagged.code, tagged.stderr).toBe(0);
    expect(tagged.stdout).toBe(`Job ${id}: calib\n`);
    const noted = await runCli(['note', String(id), 'fine', ...conn], { env });
    expect(noted.code, noted.stderr).toBe(0);
    expect(noted.stdout).toBe('fine\n');
  });
});

describe('qjob wait', () => {
  it("shows the job's progress from its log while it runs, and its device by code", async () => {
    const id = await submit('qpu.digital.sirius');
    const run = await runCli(['wait', String(id), '--interval', '0.2', ...conn], { env });
    expect(run.code, run.stderr).toBe(0);
    // Status changes, then progress lines as the simulator's log states them.
    expect(run.stderr).toMatch(new RegExp(`^job ${id}: .*-> running`, 'm'));
    const progress = run.stderr.match(new RegExp(`^job ${id}: \\d{1,3} %.*$`, 'gm')) ?? [];
    expect(progress.length, run.stderr).toBeGreaterThanOrEqual(1);
    // The device as `qjob job` shows it.
    expect(run.stdout).toMatch(/^\s+device\s+qpu\.digital\.sirius \(id \d+\)$/m);
    const job = await runCli(['job', String(id), ...conn], { env });
    expect(job.stdout).toMatch(/^\s+device\s+qpu\.digital\.sirius \(id \d+\)$/m);
  });
});
