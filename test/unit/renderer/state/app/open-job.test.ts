import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView } from '../../../../../src/shared/ipc/schemas';

/** The core's answers to the connection switch (the stores' only I/O here). */
const activated: string[] = [];
let refuse = false;
vi.mock('../../../../../src/renderer/services/qjob', () => ({
  call: async (name: string, input: { id: string }) => {
    if (name !== 'profiles.activate') throw new Error(`unexpected call ${name}`);
    if (refuse) throw new Error('the simulator could not start');
    activated.push(input.id);
    return {
      profileId: input.id,
      state: 'active',
      user: 'demo',
      expiresAt: null,
      secretStore: { kind: 'memory', secure: false },
      message: null,
    };
  },
  on: () => () => undefined,
  shell: () => 'web',
}));

const { openJobOn } = await import('../../../../../src/renderer/state/app/open-job');
const { useAppStore, noticesFor } = await import('../../../../../src/renderer/state/app/store');
const { useConnectionStore } = await import('../../../../../src/renderer/state/connection/store');

const profile = (id: string) => ({ id, name: id }) as ProfileView;

beforeEach(() => {
  activated.length = 0;
  refuse = false;
  useConnectionStore.setState({ profiles: [profile('a'), profile('b')], activeId: 'a' });
  useAppStore.setState({ openJob: null, view: 'editor', notices: [] });
});

describe('opening a job from a notification', () => {
  it('on the connection in use, shows it without switching', async () => {
    await openJobOn('a', 7);
    expect(activated).toEqual([]);
    expect(useAppStore.getState()).toMatchObject({ view: 'jobs', openJob: { id: 7 } });
  });

  it('of another connection, switches to that connection first', async () => {
    await openJobOn('b', 7);
    expect(activated).toEqual(['b']);
    expect(useConnectionStore.getState().activeId).toBe('b');
    expect(useAppStore.getState().openJob?.id).toBe(7);
  });

  it('never shows the same id on the wrong connection when the switch fails', async () => {
    refuse = true;
    await openJobOn('b', 7);
    expect(useConnectionStore.getState().activeId).toBe('a');
    expect(useAppStore.getState().openJob).toBeNull();
  });

  it('of a deleted connection, says so and opens nothing', async () => {
    await openJobOn('gone', 7);
    expect(useAppStore.getState().openJob).toBeNull();
    expect(useAppStore.getState().notices.at(-1)?.text).toMatch(/no longer exists/);
  });
});

describe('notices', () => {
  it('about a connection are shown while it is in use, app-wide ones always', () => {
    const { notify } = useAppStore.getState();
    notify('ok', 'Job 1 completed.', 'a');
    notify('info', 'Saved “Lab”.');
    const all = useAppStore.getState().notices;
    expect(noticesFor(all, 'a').map((n) => n.text)).toEqual(['Job 1 completed.', 'Saved “Lab”.']);
    expect(noticesFor(all, 'b').map((n) => n.text)).toEqual(['Saved “Lab”.']);
  });
});
