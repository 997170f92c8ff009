import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallInput, CallName } from '../../../../../src/shared/ipc/contract';
import type { JobDetailView } from '../../../../../src/renderer/state/jobs/initialState';
import { mergeLiveAnswer } from '../../../../../src/renderer/state/jobs/live-detail';

/** The monitor's calls to the core, answered by the test (the store's only I/O). */
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

const record = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'bell',
  description: '',
  device_id: 1,
  status,
  created_at: '2026-11-22T11:25:28Z',
  completed_at: null,
  ...extra,
});

const view = (detail: Record<string, unknown>, problems: JobDetailView['problems'] = []) =>
  ({
    detail,
    problems,
    fetchedAt: '2026-11-22T11:30:00.000Z',
    fromCache: false,
    offline: null,
  }) as JobDetailView;

describe('mergeLiveAnswer', () => {
  it('takes the record and the logs from the answer and keeps payload, result and their problems', () => {
    const shown = view(
      { ...record('running'), payload: 'PAYLOAD', result: null, logs: 'one', error: null },
      [
        { field: 'payload', code: 'x', message: 'payload unreadable', raw: 'raw' },
        { field: 'logs', code: 'y', message: 'old logs problem', raw: null },
      ],
    );
    const answer = view(
      // A lookup of the logs alone: the other parts arrive as null.
      {
        ...record('running', { jobType: 'digital' }),
        payload: null,
        result: null,
        logs: 'one\ntwo',
      },
    );
    const merged = mergeLiveAnswer(shown, { ...answer, fetchedAt: '2026-11-22T11:30:02.000Z' });
    expect(merged.detail).toMatchObject({
      status: 'running',
      jobType: 'digital',
      payload: 'PAYLOAD',
      logs: 'one\ntwo',
    });
    expect(merged.problems.map((p) => p.message)).toEqual(['payload unreadable']);
    expect(merged.fetchedAt).toBe('2026-11-22T11:30:02.000Z');
  });
});

describe('mergeLiveAnswer and a record without a status', () => {
  it.each([
    ['absent', undefined],
    ['null', null],
  ])('keeps the shown status when the answer’s is %s', (_what, status) => {
    const shown = view({ ...record('running'), logs: 'one' });
    const { status: _dropped, ...bare } = record('running');
    const answer = view({ ...bare, ...(status === undefined ? {} : { status }), logs: 'two' });
    const merged = mergeLiveAnswer(shown, answer);
    expect(merged.detail).toMatchObject({ status: 'running', logs: 'two' });
  });
});

describe('the open running job', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('is polled for its record and logs only, and fetched whole once when it ends', async () => {
    const { useJobsStore } = await import('../../../../../src/renderer/state/jobs/store');
    let status = 'running';
    let logs = 'received';
    answer = (name, input) => {
      if (name === 'jobs.history') return { entries: [] };
      if (name === 'jobs.get') {
        const full = input['full'] === true;
        return view({
          ...record(status, status === 'completed' ? { completed_at: '2026-11-22T11:31Z' } : {}),
          payload: full ? 'PAYLOAD' : null,
          result: full && status === 'completed' ? 'RESULT' : null,
          logs,
        });
      }
      return null;
    };
    useJobsStore.setState({ profileId: 'p' });
    await useJobsStore.getState().loadDetail(7);
    expect(calls.filter((c) => c.name === 'jobs.get').map((c) => c.input)).toEqual([
      { id: 7, full: true },
    ]);

    calls.length = 0;
    logs = 'received\nrunning';
    await useJobsStore.getState().pollLive(7);
    expect(calls.map((c) => c.input)).toEqual([{ id: 7, fields: ['logs'] }]);
    expect(useJobsStore.getState().details[7]?.view?.detail).toMatchObject({
      payload: 'PAYLOAD',
      logs: 'received\nrunning',
    });

    calls.length = 0;
    status = 'completed';
    logs = 'received\nrunning\nfinished';
    await useJobsStore.getState().pollLive(7);
    expect(calls.filter((c) => c.name === 'jobs.get').map((c) => c.input)).toEqual([
      { id: 7, fields: ['logs'] },
      { id: 7, full: true },
    ]);
    expect(useJobsStore.getState().details[7]?.view?.detail).toMatchObject({
      status: 'completed',
      result: 'RESULT',
      logs: 'received\nrunning\nfinished',
    });
  });

  it('keeps what is shown when the service is away and the store answers', async () => {
    const { useJobsStore } = await import('../../../../../src/renderer/state/jobs/store');
    const before = useJobsStore.getState().details[7]?.view;
    answer = () => ({ ...view({ ...record('running'), logs: 'stale' }), fromCache: true });
    await useJobsStore.getState().pollLive(7);
    expect(useJobsStore.getState().details[7]?.view).toBe(before);
  });
});
