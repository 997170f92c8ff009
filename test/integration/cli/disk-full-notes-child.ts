/**
 * Run by disk-full-notes.test.ts in a mount namespace of its own, where CONFIG_DIR is a small
 * tmpfs: qjob keeps its login, job store (tags, notes) and batch store there. A job is submitted
 * and tagged, the disk is filled, and tags, notes and a sweep are asked for; then the disk is
 * freed and read; then the folder is made read-only and a tag asked for again. Prints what each command answered
 * as one JSON line. Usage: disk-full-notes-child.ts CONFIG_DIR SIMULATOR_URL PAYLOAD_FILE
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../../support/cli-runner';

const [configDir, simulatorUrl, payloadFile] = process.argv.slice(2);
if (!configDir || !simulatorUrl || !payloadFile) {
  process.stderr.write('usage: disk-full-notes-child.ts CONFIG_DIR SIMULATOR_URL PAYLOAD_FILE\n');
  process.exit(2);
}
const env = { QJOB_CONFIG_DIR: path.join(configDir, 'qjob'), QJOB_NO_KEYCHAIN: '1' };
const conn = ['--profile', 'simulator-b', '--base-url', simulatorUrl];
const qjob = (...argv: string[]) => runCli([...argv, ...conn], { env, stdin: 'demo\n' });
const batchStore = path.join(env.QJOB_CONFIG_DIR, 'cache', 'batches-cli.sqlite');
const sweep = () =>
  qjob(
    'sweep',
    payloadFile,
    '--set',
    'sampling_payload.sampling.nshots=10,20',
    '--device',
    'sim.statevector',
  );

const report: Record<string, unknown> = {};
report.login = await qjob('login', '--user', 'demo', '--api-key-stdin');
// Tags and notes are kept only for a job that exists: one is submitted first.
report.submitted = await qjob('submit', payloadFile, '--device', 'sim.statevector', '--json');
const id = String(
  (JSON.parse((report.submitted as { stdout: string }).stdout) as { id: number }).id,
);
report.kept = await qjob('tag', id, 'kept1', '--json');

// Fill the disk to the last byte.
const filler = path.join(configDir, 'filler');
const chunk = Buffer.alloc(4096, 120);
for (let i = 0; ; i++) {
  try {
    writeFileSync(filler, chunk, { flag: i === 0 ? 'w' : 'a' });
  } catch {
    break;
  }
}
report.full = {
  tag: await qjob('tag', id, 'lost1', '--json'),
  note: await qjob('note', id, 'a lost note', '--json'),
  sweep: await sweep(),
  batchStoreLeft: existsSync(batchStore),
};

rmSync(filler);
report.freed = {
  tags: await qjob('tag', id, '--json'),
  note: await qjob('note', id, '--json'),
  jobs: await qjob('jobs', '--json'),
};

execFileSync('mount', ['-o', 'remount,ro', configDir]);
report.readOnly = {
  tag: await qjob('tag', id, 'lost2', '--json'),
  note: await qjob('note', id, 'another lost note', '--json'),
  tags: await qjob('tag', id, '--json'),
};
process.stdout.write(JSON.stringify(report) + '\n');
