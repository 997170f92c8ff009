import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../../src/core/auth/memory-secret-store';
import { ActiveConnection } from '../../../../src/core/app/active-connection';
import { createEventHub } from '../../../../src/core/app/event-hub';
import type { JobEndedNotice } from '../../../../src/core/app/types';
import { silentLogger } from '../../../../src/core/logging/logger';
import type { JobStatus } from '../../../../src/shared/variants';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import {
  DEVICES_BODY,
  jobInfo,
  wireJobDetail,
  wireJobList,
  wireToken,
} from '../../../support/wire-fixtures';

/**
 * The notice the core raises when a watched job ends (the desktop's system notification is
 * made from it): it says what a time-out means and which other jobs look stuck, as the
 * in-app notice does.
 */

function serviceWithJob(status: { now: JobStatus }) {
  return fakeFetch((req) => {
    if (req.path === '/authorisation-tokens') return jsonResponse(wireToken());
    if (req.path === '/devices') return jsonResponse(DEVICES_BODY);
    const done = status.now === 'timeout' ? { completed_at: '2026-11-25T10:00:00Z' } : {};
    if (req.path === '/jobs') return jsonResponse(wireJobList('B', [jobInfo(5, status.now, done)]));
    if (req.path === '/jobs/5')
      return jsonResponse(wireJobDetail('B', jobInfo(5, status.now, done)));
    return jsonResponse({ message: 'not found' }, 404);
  });
}

let connection: ActiveConnection | null = null;
afterEach(() => connection?.dispose());

async function noticeOfTimeout(stuckJobs: () => readonly number[]): Promise<JobEndedNotice> {
  const status: { now: JobStatus } = { now: 'running' };
  const notices: JobEndedNotice[] = [];
  connection = new ActiveConnection({
    profile: { id: 'test', name: 'Test', variant: 'B', baseUrl: BASE_URL, pollIntervalMs: 250 },
    fetch: serviceWithJob(status),
    store: new MemorySecretStore(),
    events: createEventHub(),
    log: silentLogger,
    deviceRefreshMs: 60_000,
    notify: (n) => notices.push(n),
    stuckJobs,
  });
  await connection.session.login('demo', 'demo');
  const seenRunning = new Promise((resolve) => connection!.poller.once('status', resolve));
  connection.poller.watch(5);
  await seenRunning;
  status.now = 'timeout';
  await expect.poll(() => notices.length, { timeout: 5_000 }).toBe(1);
  return notices[0]!;
}

describe('the notice of a job end', () => {
  it('tells what a time-out means and names the other jobs that look stuck', async () => {
    const notice = await noticeOfTimeout(() => [5, 7, 9]);
    expect(notice).toMatchObject({ jobId: 5, status: 'timeout', title: 'Job 5 timed out' });
    expect(notice.body).toMatch(/^job 5: .*\. The service gave up on it/);
    expect(notice.body).toContain('Jobs #7 and #9 look stuck: open them for what to do.');
    expect(notice.body).not.toContain('#5');
  });

  it('is still raised, without the stuck note, when the stuck jobs cannot be looked up', async () => {
    const notice = await noticeOfTimeout(() => {
      throw new Error('job store closed');
    });
    expect(notice.body).not.toMatch(/stuck/);
    expect(notice.body).toMatch(/The service gave up on it/);
  });
});
