import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src/core/app/types';
import type { JobDetail } from '../../../src/shared/variants';
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
 * A job the official client (qilisdk 0.1.6) submitted, so this computer has no record of its
 * text: "Run again" opens its payload in the friendly form (decompiled from the SDK's form the
 * service holds), and submitting that sends the SDK client's own payload again, byte for byte.
 */
const BODY = readFileSync(
  path.join(import.meta.dirname, '../../fixtures/sdk/B-0.1.6/requests/b_bell.json'),
  'utf8',
);
const SENT = (JSON.parse(BODY) as { payload: string }).payload;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-rerun-sdk-'));
let core: AppCore;
let fake: FaultyServer;
const { call } = appCalls(() => core);

beforeAll(async () => {
  fake = await startFaultyServer();
  fake.route('POST', '/authorisation-tokens', json(wireToken()));
  fake.route('GET', '/devices', json(DEVICES_BODY));
  const info = jobInfo(1, 'completed', { name: 'b_bell' });
  fake.route('GET', '/jobs', json(wireJobList('B', [info])));
  const detail = {
    ...info,
    jobType: 'digital',
    payload: JSON.parse(SENT) as unknown,
    result: null,
    logs: '',
    error: null,
    error_logs: null,
  } as unknown as JobDetail<'B'>;
  fake.route('GET', '/jobs/1', json(wireJobDetail('B', detail)));
  fake.route('POST', '/execute', json({ id: 2 }));
  core = await openAppCore(dataDir);
  await call('profiles.save', { id: 'sdk', name: 'SDK jobs', variant: 'B', baseUrl: fake.url });
  await call('profiles.activate', { id: 'sdk' });
  await call('session.login', { user: 'demo', apiKey: 'demo' });
});
afterAll(async () => {
  await core?.dispose();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('running again a job the SDK submitted', () => {
  it('opens its payload in the friendly form, nothing kept in the SDK form', async () => {
    const source = await call('jobs.rerunSource', { id: 1 });
    expect(source).toEqual({
      jobId: 1,
      text: [
        'type: sampling',
        'sampling_payload:',
        '  sampling: !Sampling',
        '    circuit: !Circuit',
        '      nqubits: 2',
        '      gates:',
        '        - !H {qubit: 0}',
        '        - !CNOT {control: 0, target: 1}',
        '        - !M {qubits: [0, 1]}',
        '    nshots: 500',
        '',
      ].join('\n'),
      deviceCode: 'sim-1',
      name: 'b_bell',
      exact: false,
      kept: [],
    });
  });

  it('sends the SDK client’s payload again, byte for byte', async () => {
    const rerun = await call('jobs.rerun', { id: 1 });
    expect(rerun.jobId).toBe(2);
    const execute = fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/execute'));
    expect(execute).toHaveLength(1);
    expect((JSON.parse(execute[0]!.body) as { payload: string }).payload).toBe(SENT);
  });
});
