import { randomUUID } from 'node:crypto';
import type {
  BatchCreate,
  BatchMember,
  BatchSummary,
  BatchView,
} from '../../shared/ipc/batch-schemas';
import { DEFAULT_BATCH_RATE } from '../../shared/ipc/batch-schemas';
import type { JobStatus } from '../../shared/variants';
import type { VariantId } from '../../shared/variants/declaration';
import { describeInvalidMembers, planSweep } from '../../shared/sweeps/plan-sweep';
import { APP_ERROR_CODES, AppError } from '../errors/app-error';
import type { BatchRecord, BatchStore, MemberRecord } from './batch-store';
import type { BatchRunner } from './batch-runner';

/** A batch name not yet used on this connection: a member's name must find its own job only. */
export function uniqueBatchName(wanted: string, used: ReadonlySet<string>): string {
  const name = wanted.trim();
  if (!used.has(name)) return name;
  for (let n = 2; ; n++) if (!used.has(`${name} (${n})`)) return `${name} (${n})`;
}

/**
 * Plans a sweep into a new batch and keeps it: every member is checked first, and one that
 * cannot be sent stops the whole batch before anything is sent (with which member and why).
 */
export function createBatch(
  store: BatchStore,
  profile: string,
  variant: VariantId,
  input: BatchCreate,
  now: Date = new Date(),
): BatchRecord {
  const name = uniqueBatchName(input.name, new Set(store.list(profile).map((b) => b.name)));
  const plan = planSweep(variant, input.text, input.sweep, name);
  if (plan.problems.length)
    throw new AppError(
      APP_ERROR_CODES.invalidPayload,
      `The sweep cannot be made: ${plan.problems.join('; ')}`,
    );
  const invalid = describeInvalidMembers(plan);
  if (invalid.length)
    throw new AppError(
      APP_ERROR_CODES.invalidPayload,
      `${invalid.length} of the ${plan.members.length} payloads ${invalid.length === 1 ? 'is' : 'are'} not valid; nothing was sent. The first: ${invalid[0]}`,
      { issues: invalid.slice(0, 50).map((message) => ({ path: '', message })) },
    );
  const executeType = plan.members[0]?.executeType ?? '';
  const batch: BatchRecord = {
    id: randomUUID(),
    profile,
    name,
    deviceCode: input.deviceCode,
    executeType,
    combine: input.sweep.combine,
    parameters: plan.parameters.map((p) => ({ path: p.path, values: p.values })),
    ratePerSecond: input.ratePerSecond ?? DEFAULT_BATCH_RATE,
    state: 'running',
    note: null,
    createdAt: now.toISOString(),
  };
  const members: MemberRecord[] = plan.members.map((m) => ({
    batchId: batch.id,
    index: m.index,
    name: m.name,
    values: m.values,
    text: m.text,
    state: 'planned',
    jobId: null,
    attempts: 0,
    error: null,
    sentAt: null,
  }));
  store.create(batch, members);
  return batch;
}

export function summaryOf(batch: BatchRecord, members: readonly MemberRecord[]): BatchSummary {
  const count = (state: MemberRecord['state']) => members.filter((m) => m.state === state).length;
  return {
    id: batch.id,
    name: batch.name,
    deviceCode: batch.deviceCode,
    executeType: batch.executeType,
    createdAt: batch.createdAt,
    state: batch.state,
    ratePerSecond: batch.ratePerSecond,
    combine: batch.combine,
    parameters: batch.parameters,
    note: batch.note,
    counts: {
      total: members.length,
      planned: count('planned') + count('sending'),
      submitted: count('submitted'),
      unknown: count('unknown'),
      failed: count('failed'),
    },
  };
}

export function viewOf(
  batch: BatchRecord,
  members: readonly MemberRecord[],
  statusOf: (jobId: number) => JobStatus | null,
): BatchView {
  return {
    ...summaryOf(batch, members),
    members: members.map((m): BatchMember => ({
      index: m.index,
      name: m.name,
      values: m.values,
      state: m.state,
      jobId: m.jobId,
      attempts: m.attempts,
      error: m.error,
      sentAt: m.sentAt,
      jobStatus: m.jobId !== null ? statusOf(m.jobId) : null,
    })),
  };
}

/** The batch, or the error that says there is none. */
export function requireBatch(store: BatchStore, id: string, profile: string): BatchRecord {
  const batch = store.get(id);
  if (!batch || batch.profile !== profile)
    throw new AppError(APP_ERROR_CODES.notFound, `There is no batch ${id} on this connection.`);
  return batch;
}

/** Runs every batch of this connection left `running` (the app stopped while it was sending). */
export function resumeRunning(store: BatchStore, runner: BatchRunner, profile: string): void {
  for (const batch of store.list(profile))
    if (batch.state === 'running' && !runner.isRunning(batch.id)) void runner.run(batch.id);
}
