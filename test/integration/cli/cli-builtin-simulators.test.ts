import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../src/core/app/create-app-core';
import { dispatchCall } from '../../../src/core/app/dispatch';
import type { AppCore } from '../../../src/core/app/types';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import type { CallInput, CallName, CallOutput } from '../../../src/shared/ipc/contract';
import { REPO_ROOT, runCli } from '../../support/cli-runner';

/**
 * The built-in simulator profiles (simulator-a, simulator-b) from `qjob` (issue 25): their
 * simulator runs inside the app, so the CLI reaches the one the app runs (found where the app
 * publishes it), or runs one of its own for the command when no app does. Before, every such
 * command said the embedded simulator "is not running" and sent the person to start another.
 */
const BELL_B = path.join(REPO_ROOT, 'resources/templates/b/bell.yaml');
const dirs: string[] = [];
let core: AppCore | null = null;

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qjob-builtin-${name}-`));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await core?.dispose();
  core = null;
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const outcome = await dispatchCall(core!.handlers, name, input, { checkOutput: true });
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.value as CallOutput<N>;
}

describe('with the app running its simulator', () => {
  it('devices, jobs and tags reach the simulator browser mode runs, and its job store', async () => {
    const dataDir = tempDir('app');
    core = await createAppCore({
      shell: 'web',
      dataDir,
      fetch: (url, init) => fetch(url, init),
      secretStoreFactory: async () => new MemorySecretStore(),
      resourcesDir: path.join(REPO_ROOT, 'resources'),
      initialProfileId: 'simulator-b',
      simulator: { speed: 50 },
      deviceRefreshMs: 60_000,
    });
    const { jobId } = await call('jobs.submit', {
      text: fs.readFileSync(BELL_B, 'utf8'),
      deviceCode: 'sim.statevector',
      name: 'from the app',
    });
    const env = { QJOB_CONFIG_DIR: dataDir };

    const devices = await runCli(['devices', '--profile', 'simulator-b'], { env });
    expect(devices.stderr).toBe('');
    expect(devices.code).toBe(0);
    expect(devices.stdout).toMatch(/^sim\.statevector\s/m);

    const jobs = await runCli(['jobs', '--profile', 'simulator-b', '--json'], { env });
    expect(jobs.code, jobs.stderr).toBe(0);
    const listed = JSON.parse(jobs.stdout) as { id: number; name: string }[];
    expect(listed.find((j) => j.id === jobId)?.name).toBe('from the app');

    // A tag given with qjob is where browser mode reads it.
    const tag = await runCli(['tag', String(jobId), 'calib', '--profile', 'simulator-b'], { env });
    expect(tag.code, tag.stderr).toBe(0);
    expect((await call('annotations.get', { id: jobId })).tags).toEqual(['calib']);
  });
});

describe('with no app running', () => {
  it('a command runs a simulator of its own, says so, and stops it; its jobs stay', async () => {
    const dataDir = tempDir('alone');
    const env = { QJOB_CONFIG_DIR: dataDir };
    const submit = await runCli(
      ['submit', BELL_B, '--device', 'sim.statevector', '--profile', 'simulator-b', '--json'],
      { env },
    );
    expect(submit.code, submit.stderr).toBe(0);
    expect(submit.stderr).toMatch(
      /^qjob: no app is running the Variant B simulator, so this command runs one of its own until it ends \(its jobs are kept in .*simulator[/\\]cli[/\\]b.*\)\. To use the app's simulator and see its jobs, start the app \(npm start\) first\.$/m,
    );
    const { id } = JSON.parse(submit.stdout) as { id: number };
    // Stopped with the command: nothing published is left for the next command to follow.
    // (src/core/connections/simulator-endpoints.ts: <data>/simulator/<owner>/<variant>/endpoint.json)
    expect(fs.existsSync(path.join(dataDir, 'simulator', 'cli', 'b', 'endpoint.json'))).toBe(false);

    const job = await runCli(['job', String(id), '--profile', 'simulator-b', '--json'], { env });
    expect(job.code, job.stderr).toBe(0);
    // Named after the payload's `# title:`, as the app names it, not job-1.
    expect((JSON.parse(job.stdout) as { name: string }).name).toBe('Bell pair (sampling)');
  });
});
