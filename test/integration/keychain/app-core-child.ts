/**
 * Run as a separate process by keychain-faults.test.ts, inside a D-Bus session the test set
 * up (no Secret Service, or a locked keychain): starts the app core as browser mode does (the
 * OS keychain when it answers, memory otherwise), lets the built-in simulator profile log in,
 * submits a job and waits for it. Prints what the person would see as one JSON line.
 * Usage: app-core-child.ts DATA_DIR
 */
import { readFileSync } from 'node:fs';
import type { Logger } from '../../../src/core/logging/logger';
import { formatRecord } from '../../../src/core/logging/logger';
import type { CallName } from '../../../src/shared/ipc/contract';
import { defaultWebSecretStore } from '../../../src/web/secret-store';
import { openAppCore, outcomeOf } from '../../support/app-core';

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write('usage: app-core-child.ts DATA_DIR\n');
  process.exit(2);
}
/** The warnings and errors, as the app's log file would have them. */
const warnings: string[] = [];
const log: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message, fields) => warnings.push(formatRecord('warn', message, fields, new Date())),
  error: (message, fields) => warnings.push(formatRecord('error', message, fields, new Date())),
};
const core = await openAppCore(dataDir, {
  secretStoreFactory: () => defaultWebSecretStore(log),
  logger: log,
});
const call = async (name: CallName, input: unknown) => {
  const outcome = await outcomeOf(core, name, input as never);
  return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, error: outcome.error };
};
const session = await call('session.get', {});
const ended = new Map<number, string>();
const waiting = new Map<number, (status: string) => void>();
core.events.on('jobs.status', (e) => {
  if (!['completed', 'error', 'cancelled', 'timeout'].includes(e.to)) return;
  ended.set(e.jobId, e.to);
  waiting.get(e.jobId)?.(e.to);
});
const text = readFileSync('test/fixtures/dialect/a-digital-bell.yaml', 'utf8');
const submitted = await call('jobs.submit', { text, deviceCode: 'sim.statevector' });
let status: string | null = null;
if (submitted.ok) {
  const { jobId } = submitted.value as { jobId: number };
  status = ended.get(jobId) ?? (await new Promise<string>((r) => waiting.set(jobId, r)));
}
await core.dispose();
process.stdout.write(JSON.stringify({ session, submitted, status, warnings }) + '\n');
