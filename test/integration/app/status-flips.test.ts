import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src/core/app/types';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import type { JobStatus } from '../../../src/shared/variants';
import { appCalls, openAppCore } from '../../support/app-core';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import {
  DEVICES_BODY,
  jobInfo,
  wireJobDetail,
  wireJobList,
  wireToken,
} from '../../support/wire-fixtures';

/**
 * A service that flips a job between completed and running at every answer (issue 28): the job
 * moved back in the store, the list and the timeline, against the rule that statuses only move
 * forward. The rule holds: the job stays completed everywhere the app shows it, and the flip is
 * on its timeline once, as a service anomaly.
 */
let dir: string;
let faulty: FaultyServer;
let core: AppCore;
const { call } = appCalls(() => core);
const events: EventPayload<'jobs.status'>[] = [];

/** What the service says of job 7 now; the test flips it between calls. */
let now: JobStatus = 'completed';
const DONE = '2026-11-22T11:30:00Z';
const record = () => jobInfo(7, now, now === 'completed' ? { completed_at: DONE } : {});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-status-flips-'));
  faulty = await startFaultyServer();
  faulty.route('POST', '/authorisation-tokens', json(wireToken()));
  faulty.route('GET', '/devices', json(DEVICES_BODY));
  faulty.route('GET', '/jobs', () => json(wireJobList('B', [record()])));
  faulty.route('GET', '/jobs/7', () =>
    json(wireJobDetail('B', { ...record(), jobType: 'digital' })),
  );
  core = await openAppCore(path.join(dir, 'core'));
  core.events.on('jobs.status', (e) => events.push(e));
  await call('profiles.save', { id: 'flip', name: 'Flip', variant: 'B', baseUrl: faulty.url });
  await call('profiles.activate', { id: 'flip' });
  await call('session.login', { user: 'demo', apiKey: 'demo' });
});
afterAll(async () => {
  await core?.dispose();
  await faulty?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a job the service flips between completed and running', () => {
  it('stays completed in the list, the detail and the events, with the flip on its timeline once', async () => {
    const listed: [JobStatus | null | undefined, string | null | undefined][] = [];
    for (let i = 0; i < 6; i++) {
      now = i % 2 === 0 ? 'completed' : 'running';
      const answer = await call('jobs.list', {});
      const job = answer.jobs.find((j) => j.id === 7);
      listed.push([job?.status, job?.completed_at]);
    }
    // Its completion time stays too: a record of it running has none.
    expect(listed).toEqual(Array(6).fill(['completed', DONE]));
    for (const said of ['running', 'completed', 'running'] as const) {
      now = said;
      const view = await call('jobs.get', { id: 7, full: true });
      expect([view.detail.status, view.detail.completed_at]).toEqual(['completed', DONE]);
    }
    // Whatever the watcher saw in between (a list may have started it watching), no event
    // moved the job back.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(events.filter((e) => e.jobId === 7 && e.to === 'running')).toEqual([]);

    const { entries } = await call('jobs.history', { id: 7 });
    expect(entries.map((e) => [e.status, e.anomaly?.kept ?? null])).toEqual([
      ['completed', null],
      ['running', 'completed'],
    ]);
    expect(entries[1]).toMatchObject({ source: 'list' });
  });
});
