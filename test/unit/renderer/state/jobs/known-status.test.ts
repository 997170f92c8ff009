import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallInput, CallName, EventPayload } from '../../../../../src/shared/ipc/contract';

/**
 * A status the monitor knows (from the list or a `jobs.status` event) is not lost when a record
 * without one arrives: Variant A's records may carry no status, and a lookup of some parts may
 * leave it out. Whatever path the record takes to the row or the open detail (a fill, a lookup
 * after a status event, the open job's live event, its full reload), the row keeps the status.
 */
const calls: { name: CallName; input: unknown }[] = [];
let answer: (name: CallName, input: Record<string, unknown>) => unknown = () => null;
vi.mock('../../../../../src/renderer/services/qjob', () => ({
  call: async (name: CallName, input: CallInput<CallName>) => {
    calls.push({ name, input });
    return answer(name, input as Record<string, unknown>);
  },
  on: () => () => undefined,
  shell: () => 'web',
}));

const { useJobsStore } = await import('../../../../../src/renderer/state/jobs/store');

const record = (extra: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'bell',
  description: '',
  device_id: 1,
  created_at: '2026-11-22T11:25:28Z',
  completed_at: null,
  ...extra,
});
const view = (detail: Record<string, unknown>) => ({
  detail,
  problems: [],
  fetchedAt: '2026-11-22T11:30:00.000Z',
  fromCache: false,
  offline: null,
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const rowStatus = () => useJobsStore.getState().records.find((r) => r.id === 7)?.status;

/** What a lookup of job 7 answers: a record with no status (absent, or null). */
let lookup: Record<string, unknown>;

beforeEach(async () => {
  calls.length = 0;
  lookup = record();
  answer = (name) => {
    if (name === 'jobs.list')
      return {
        jobs: [record(), { ...record(), id: 8 }],
        fetchedAt: '2026-11-22T11:30:00.000Z',
        fromCache: false,
        offline: null,
      };
    if (name === 'jobs.get')
      return view({ ...lookup, logs: 'step 1', payload: null, result: null });
    if (name === 'jobs.history') return { entries: [] };
    return null;
  };
  useJobsStore.setState({ profileId: null, status: 'idle', openId: null });
  await useJobsStore.getState().load('p');
  // The monitor learns the status from the watcher.
  useJobsStore.getState().applyStatus({
    profileId: 'p',
    jobId: 7,
    from: null,
    to: 'running',
    at: '2026-11-22T11:30:01Z',
  });
  await flush();
  expect(rowStatus()).toBe('running');
});

describe.each([
  ['absent', {}],
  ['null', { status: null }],
])('a record whose status is %s', (_what, status) => {
  beforeEach(() => {
    lookup = record({ ...status, name: 'bell (renamed)' });
  });

  it('fills the row’s other fields and keeps its status (fillStatuses)', async () => {
    useJobsStore.getState().fillStatuses([7]);
    await flush();
    await flush();
    expect(calls.some((c) => c.name === 'jobs.get')).toBe(true);
    const row = useJobsStore.getState().records.find((r) => r.id === 7)!;
    expect(row.name).toBe('bell (renamed)');
    expect(row.status).toBe('running');
  });

  it('keeps the status through the open job’s full load and its live event', async () => {
    await useJobsStore.getState().loadDetail(7);
    expect(rowStatus()).toBe('running');
    await useJobsStore.getState().applyLive({
      profileId: 'p',
      jobId: 7,
      view: view({
        ...lookup,
        logs: 'step 2',
        payload: null,
        result: null,
      }) as unknown as EventPayload<'jobs.live'>['view'],
    });
    expect(rowStatus()).toBe('running');
    expect(useJobsStore.getState().records.find((r) => r.id === 7)?.name).toBe('bell (renamed)');
  });

  it('keeps an ended status after the lookup a status event makes', async () => {
    useJobsStore.getState().applyStatus({
      profileId: 'p',
      jobId: 7,
      from: 'running',
      to: 'completed',
      at: '2026-11-22T11:31:00Z',
    });
    await flush();
    await flush();
    expect(calls.some((c) => c.name === 'jobs.get')).toBe(true);
    expect(rowStatus()).toBe('completed');
  });
});
