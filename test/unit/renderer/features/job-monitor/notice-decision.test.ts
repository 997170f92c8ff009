import { describe, expect, it } from 'vitest';
import type { JobEndFacts } from '../../../../../src/renderer/features/job-monitor/notice-decision';
import {
  createEndMemory,
  decideJobEndNotice,
  endKey,
} from '../../../../../src/renderer/features/job-monitor/notice-decision';
import { stuckNote } from '../../../../../src/shared/estimates';
import { JOB_STATUSES } from '../../../../../src/shared/variants';

const facts = (over: Partial<JobEndFacts> = {}): JobEndFacts => ({
  profileId: 'simulator-b',
  jobId: 12,
  to: 'completed',
  name: 'bell',
  shell: 'web',
  focused: false,
  watchingJobs: false,
  permission: 'granted',
  ...over,
});

describe('decideJobEndNotice', () => {
  it('tells only an end: completed, error, timeout and cancelled', () => {
    const told = JOB_STATUSES.filter((to) => decideJobEndNotice(facts({ to })).kind !== 'none');
    expect(told.sort()).toEqual(['cancelled', 'completed', 'error', 'timeout']);
  });

  it('titles each end with a verb (issue 25: the notice read "Job 7 error.")', () => {
    const titles = (['completed', 'error', 'cancelled', 'timeout'] as const).map((to) => {
      const notice = decideJobEndNotice(facts({ jobId: 7, to, permission: 'denied' }));
      return notice.kind === 'in-app'
        ? notice.text.slice(0, notice.text.indexOf('.'))
        : notice.kind;
    });
    expect(titles).toEqual([
      'Job 7 completed',
      'Job 7 failed',
      'Job 7 was cancelled',
      'Job 7 timed out',
    ]);
  });

  describe('browser mode', () => {
    it('raises a system notification when the page is not focused and may', () => {
      expect(decideJobEndNotice(facts())).toEqual({
        kind: 'system',
        title: 'Job 12 completed',
        body: 'bell: the job finished successfully.',
        tag: 'simulator-b:12:completed',
      });
    });

    it('falls back to a notice inside the app without the permission or the API', () => {
      for (const permission of ['default', 'denied', 'unsupported'] as const) {
        expect(decideJobEndNotice(facts({ permission, to: 'error' }))).toMatchObject({
          kind: 'in-app',
          tone: 'warn',
          text: expect.stringMatching(/^Job 12 failed\. bell: /),
        });
      }
    });

    it('shows a notice to someone in the app elsewhere, and nothing to someone watching the list', () => {
      expect(decideJobEndNotice(facts({ focused: true }))).toMatchObject({
        kind: 'in-app',
        tone: 'ok',
      });
      expect(decideJobEndNotice(facts({ focused: true, watchingJobs: true }))).toEqual({
        kind: 'none',
      });
      // Not focused, even on the job list: nobody sees the row change.
      expect(decideJobEndNotice(facts({ watchingJobs: true, permission: 'denied' }))).toMatchObject(
        { kind: 'in-app' },
      );
    });

    it('leaves the name out when the job has none', () => {
      expect(decideJobEndNotice(facts({ name: null, to: 'timeout' }))).toMatchObject({
        body: expect.not.stringContaining(':'),
      });
      // The sentence then starts with its meaning, capitalised.
      expect(decideJobEndNotice(facts({ name: null, to: 'completed' }))).toMatchObject({
        body: expect.stringMatching(/^The job finished successfully\./),
      });
    });
  });

  describe('the desktop app', () => {
    it('leaves the unfocused window to the main process’s system notification', () => {
      expect(decideJobEndNotice(facts({ shell: 'electron' }))).toEqual({ kind: 'none' });
    });

    it('shows a notice inside the focused window unless the job list is in view', () => {
      expect(decideJobEndNotice(facts({ shell: 'electron', focused: true }))).toMatchObject({
        kind: 'in-app',
      });
      expect(
        decideJobEndNotice(facts({ shell: 'electron', focused: true, watchingJobs: true })),
      ).toEqual({ kind: 'none' });
    });
  });
});

describe('createEndMemory', () => {
  it('tells each job’s ending once, per profile', () => {
    const memory = createEndMemory();
    const end = { profileId: 'a', jobId: 1, to: 'completed' as const };
    expect(memory.first(endKey(end))).toBe(true);
    expect(memory.first(endKey(end))).toBe(false);
    expect(memory.first(endKey({ ...end, profileId: 'b' }))).toBe(true);
    expect(memory.first(endKey({ ...end, to: 'error' }))).toBe(true);
  });

  it('forgets the oldest ends first when it is full', () => {
    const memory = createEndMemory(2);
    expect(memory.first('one')).toBe(true);
    expect(memory.first('two')).toBe(true);
    expect(memory.first('three')).toBe(true);
    expect(memory.first('three')).toBe(false);
    expect(memory.first('two')).toBe(false);
    expect(memory.first('one')).toBe(true);
  });
});

describe('timeouts and stuck jobs', () => {
  it('always tells a timeout, even to someone looking at the job list, with what it means', () => {
    for (const shell of ['web', 'electron'] as const) {
      const seen = facts({ shell, to: 'timeout', focused: true, watchingJobs: true });
      expect(decideJobEndNotice({ ...seen, to: 'completed' })).toEqual({ kind: 'none' });
      const notice = decideJobEndNotice(seen);
      expect(notice).toMatchObject({ kind: 'in-app', tone: 'warn' });
      if (notice.kind === 'in-app') expect(notice.text).toMatch(/gave up on it.*run it again/);
    }
  });

  it('tells about other jobs that look stuck with any end', () => {
    const notice = decideJobEndNotice(facts({ stuck: [12, 14, 15] }));
    if (notice.kind !== 'system') throw new Error('expected a system notification');
    // The job that ended is not among them.
    expect(notice.body).toMatch(/Jobs #14 and #15 look stuck: open them for what to do\.$/);
    expect(stuckNote([3])).toBe(' Job #3 looks stuck: open it for what to do.');
    expect(stuckNote([1, 2, 3, 4, 5])).toMatch(/#1, #2, #3 and 2 more look stuck/);
  });
});
