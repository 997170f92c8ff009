/**
 * Run by disk-full.test.ts in a mount namespace of its own, where DATA_DIR is a small tmpfs:
 * the app core keeps its settings, drafts and job store there (the embedded simulator's data
 * is elsewhere, through a symbolic link), the disk is filled, and the app is used. Prints what
 * each step answered as one JSON line. Usage: disk-full-child.ts DATA_DIR SIMULATOR_DIR
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppCore } from '../../../src/core/app/types';
import type { CallName } from '../../../src/shared/ipc/contract';
import { openAppCore, outcomeOf } from '../../support/app-core';

const [dataDir, simulatorDir] = process.argv.slice(2);
if (!dataDir || !simulatorDir) {
  process.stderr.write('usage: disk-full-child.ts DATA_DIR SIMULATOR_DIR\n');
  process.exit(2);
}
mkdirSync(simulatorDir, { recursive: true });
symlinkSync(simulatorDir, path.join(dataDir, 'simulator'));

const open = () => openAppCore(dataDir);
let core: AppCore = await open();
const call = (name: CallName, input: unknown) =>
  outcomeOf(core, name, input as never).then((o) =>
    o.ok ? { ok: true, value: o.value } : { ok: false, error: o.error },
  );
const value = <T>(outcome: { ok: boolean; value?: unknown; error?: unknown }): T => {
  if (!outcome.ok) throw new Error(`unexpected failure: ${JSON.stringify(outcome.error)}`);
  return outcome.value as T;
};

const BELL = readFileSync('test/fixtures/dialect/a-digital-bell.yaml', 'utf8');
async function submitAndWait(): Promise<number> {
  const { jobId } = value<{ jobId: number }>(
    await call('jobs.submit', { text: BELL, deviceCode: 'sim.statevector' }),
  );
  for (;;) {
    const got = await call('jobs.get', { id: jobId });
    if (got.ok && (got.value as { detail: { status?: string } }).detail.status === 'completed')
      return jobId;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const tab = (text: string) => ({ id: 't1', title: 'bell.yaml', text, path: null });
const profile = (id: string) => ({
  id,
  name: `Service ${id}`,
  variant: 'B',
  baseUrl: 'https://quantum.example/public-api/api/v1',
});
const profileIds = async () =>
  value<{ profiles: { id: string }[] }>(await call('profiles.list', {})).profiles.map((p) => p.id);
const draftTexts = async () =>
  value<{ text: string }[]>(await call('drafts.load', {})).map((t) => t.text);
const jobIds = async (input: object = {}) => {
  const list = await call('jobs.list', input);
  if (!list.ok) return list;
  const answer = list.value as { jobs: { id: number }[]; cache: { message: string | null } };
  return { ok: true, ids: answer.jobs.map((j) => j.id), cacheMessage: answer.cache.message };
};
const strays = () => readdirSync(dataDir).filter((f) => f.endsWith('.tmp'));

const report: Record<string, unknown> = {};
const before = await submitAndWait();
value(await call('drafts.save', { tabs: [tab('# kept draft\n')] }));
value(await call('profiles.save', profile('kept')));
report.before = { job: before, jobs: await jobIds() };

// Fill the disk to the last byte.
const filler = path.join(dataDir, 'filler');
const chunk = Buffer.alloc(4096, 120);
for (let i = 0; ; i++) {
  try {
    writeFileSync(filler, chunk, { flag: i === 0 ? 'w' : 'a' });
  } catch {
    break;
  }
}
report.full = {
  draftSave: await call('drafts.save', { tabs: [tab(`# new draft\n${'x'.repeat(20_000)}\n`)] }),
  drafts: await draftTexts(),
  profileSave: await call('profiles.save', profile('lost')),
  profiles: await profileIds(),
  submitted: await call('jobs.submit', { text: BELL, deviceCode: 'sim.statevector' }),
  jobs: await jobIds(),
  strays: strays(),
};

rmSync(filler);
report.freed = {
  draftSave: await call('drafts.save', { tabs: [tab('# after\n')] }),
  profileSave: await call('profiles.save', profile('later')),
  jobs: await jobIds(),
};
await core.dispose();
core = await open();
report.restarted = {
  drafts: await draftTexts(),
  profiles: await profileIds(),
  jobs: await jobIds({ cachedOnly: true }),
};
await core.dispose();
process.stdout.write(JSON.stringify(report) + '\n');
