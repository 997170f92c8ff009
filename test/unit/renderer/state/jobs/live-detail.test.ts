import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  CallInput,
  CallName,
  EventName,
  EventPayload,
} from '../../../../../src/shared/ipc/contract';
import type { JobDetailView } from '../../../../../src/renderer/state/jobs/initialState';
import { mergeLiveAnswer } from '../../../../../src/renderer/state/jobs/live-detail';

/** The monitor's calls to the core, answered by the test (the store's only I/O). */
const calls: { name: CallName; input: unknown }[] = [];
let answer: (name: CallName, input: Record<string, unknown>) => unknown = () => null;
/** The core's events the store listens to, by name. */
const listeners = new Map<string, Set<(payload: unknown) => void>>();
const emit = (name: EventName, payload: EventPayload<EventName>) => {
  for (const listener of listeners.get(name) ?? []) listener(payload);
};
vi.mock('../../../../../src/renderer/services/qjob', () => ({
  call: async (name: CallName, input: CallInput<CallName>) => {
    calls.push({ name, input });
    return answer(name, input as Record<string, unknown>);
  },
  on: (name: string, listener: (payload: unknown) => void) => {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set);
    set.add(listener);
    return () => set.delete(listener);
  },
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

const live = (detail: Record<string, unknown>, fromCache = false) => ({
  profileId: 'p',
  jobId: 7,
  view: { ...view(detail), fromCache },
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the open running job', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('takes its record and logs from the core’s live events, and is fetched whole once when it ends', async () => {
    const { useJobsStore } = await import('../../../../../src/renderer/state/jobs/store');
    let status = 'running';
    answer = (name, input) => {
      if (name === 'jobs.history') return { entries: [] };
      if (name === 'jobs.get') {
        const full = input['full'] === true;
        return view({
          ...record(status, status === 'completed' ? { completed_at: '2026-11-22T11:31Z' } : {}),
          payload: full ? 'PAYLOAD' : null,
          result: full && status === 'completed' ? 'RESULT' : null,
          logs: status === 'completed' ? 'received\nrunning\nfinished' : 'received',
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
    await useJobsStore
      .getState()
      .applyLive(
        live({ ...record('running'), payload: null, result: null, logs: 'received\nrunning' }),
      );
    // The store asked nothing: the event carried the record and logs.
    expect(calls).toEqual([]);
    expect(useJobsStore.getState().details[7]?.view?.detail).toMatchObject({
      payload: 'PAYLOAD',
      logs: 'received\nrunning',
    });

    status = 'completed';
    await useJobsStore.getState().applyLive(
      live({
        ...record('completed', { completed_at: '2026-11-22T11:31Z' }),
        payload: null,
        result: null,
        logs: 'received\nrunning\nfinished',
      }),
    );
    expect(calls.filter((c) => c.name === 'jobs.get').map((c) => c.input)).toEqual([
      { id: 7, full: true },
    ]);
    expect(useJobsStore.getState().details[7]?.view?.detail).toMatchObject({
      status: 'completed',
      result: 'RESULT',
      logs: 'received\nrunning\nfinished',
    });
  });

  it('keeps what is shown when the event is from the store, or of another connection', async () => {
    const { useJobsStore } = await import('../../../../../src/renderer/state/jobs/store');
    const before = useJobsStore.getState().details[7]?.view;
    await useJobsStore.getState().applyLive(live({ ...record('running'), logs: 'stale' }, true));
    await useJobsStore
      .getState()
      .applyLive({ ...live({ ...record('running'), logs: 'other' }), profileId: 'q' });
    expect(useJobsStore.getState().details[7]?.view).toBe(before);
  });

  it('has the core follow it while shown: follow, its events applied, unfollow when done', async () => {
    const { useJobsStore } = await import('../../../../../src/renderer/state/jobs/store');
    answer = (name) =>
      name === 'jobs.get'
        ? view({ ...record('running'), payload: 'PAYLOAD', logs: 'one' })
        : name === 'jobs.history'
          ? { entries: [] }
          : null;
    useJobsStore.setState({ profileId: 'p' });
    await useJobsStore.getState().loadDetail(7);
    calls.length = 0;

    const stop = useJobsStore.getState().followLive(7);
    expect(calls).toEqual([{ name: 'jobs.follow', input: { profileId: 'p', id: 7 } }]);
    emit('jobs.live', live({ ...record('running'), payload: null, logs: 'one\ntwo' }));
    // Another job's event is not this one's.
    emit('jobs.live', { ...live({ ...record('running'), logs: 'eight' }), jobId: 8 });
    await flush();
    expect(useJobsStore.getState().details[7]?.view?.detail).toMatchObject({
      payload: 'PAYLOAD',
      logs: 'one\ntwo',
    });

    stop();
    expect(calls.at(-1)).toEqual({ name: 'jobs.unfollow', input: { profileId: 'p', id: 7 } });
    emit('jobs.live', live({ ...record('running'), payload: null, logs: 'one\ntwo\nthree' }));
    await flush();
    expect(useJobsStore.getState().details[7]?.view?.detail.logs).toBe('one\ntwo');
  });
});
