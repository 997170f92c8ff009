import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../src/core/app/create-app-core';
import { appCalls } from '../../support/app-core';
import type { AppCore } from '../../../src/core/app/types';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import { encodeBase64Text, formatHttpDate } from '../../../src/shared/wire';
import { submitAsDemo } from '../../support/service-session';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import { DEVICES_BODY, wireToken } from '../../support/wire-fixtures';

/**
 * What the app makes of a service that speaks the other variant, and of a log larger than it
 * keeps: the session bar's state and Test connection say the variant (and how to switch), the
 * job detail carries the note of which part of the log is shown.
 */

const dirs: string[] = [];
let core: AppCore;
let simB: SimulatorHandle;
let faulty: FaultyServer;

const { call, failure } = appCalls(() => core);

function tempDir(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qjob-answers-${name}-`));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  simB = await startSimulator({
    variant: 'B',
    speed: 50,
    seed: 1,
    dataDir: tempDir('sim'),
    onProblem: () => undefined,
  });
  // One job on the Variant B service, submitted as a Variant B client would.
  await submitAsDemo(simB.url, 'B', 'test/fixtures/dialect/b-sampling-bell.yaml');

  faulty = await startFaultyServer();
  core = await createAppCore({
    shell: 'web',
    dataDir: tempDir('core'),
    fetch: (url, init) => fetch(url, init),
    secretStoreFactory: async () => new MemorySecretStore(),
    resourcesDir: path.resolve('resources'),
    simulator: { speed: 20 },
    deviceRefreshMs: 60_000,
  });
});
afterAll(async () => {
  await core?.dispose();
  await simB?.stop();
  await faulty?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a connection set to the other variant', () => {
  it('the session bar and Test connection say which variant the service speaks, and how to switch', async () => {
    const profile = { id: 'lab', name: 'Lab', variant: 'A' as const, baseUrl: simB.url };
    await call('profiles.save', profile);
    await call('profiles.activate', { id: 'lab' });
    const flagged = new Promise<EventPayload<'session.changed'>>((resolve) => {
      const off = core.events.on('session.changed', (state) => {
        if (!state.variantMismatch) return;
        off();
        resolve(state);
      });
    });
    await call('session.login', { user: 'demo', apiKey: 'demo' });
    const state = await flagged;
    expect(state.variantMismatch).toEqual({
      detected: 'B',
      message: `The service at ${simB.url} seems to speak Variant B (job 1 carries jobType, which only Variant B records have); this connection is set to Variant A. Switch it in Manage connections: edit this connection and set its variant to B.`,
    });
    expect((await call('session.get', {})).variantMismatch?.detected).toBe('B');

    const test = await call('profiles.testConnection', profile);
    expect(test.ok).toBe(false);
    expect(test.summary).toMatch(
      /seems to speak Variant B .* Set the variant of this connection to B and save\.$/,
    );
    expect(test.steps.at(-1)).toMatchObject({ step: 'Variant A', ok: false });

    const detail = await failure('jobs.get', { id: 1, full: true });
    expect(detail.code).toBe('service.variant-mismatch');

    // Set to the variant it speaks: the test says so, and the bar has nothing to say.
    const fixed = { ...profile, variant: 'B' as const };
    await call('profiles.save', fixed);
    await call('session.login', { user: 'demo', apiKey: 'demo' });
    const ok = await call('profiles.testConnection', fixed);
    expect(ok.ok).toBe(true);
    expect(ok.steps.at(-1)).toMatchObject({ step: 'Variant B', ok: true });
    expect(ok.steps.at(-1)!.detail).toMatch(
      /^The service speaks Variant B, as set \(job 1 carries jobType/,
    );
    expect((await call('session.get', {})).variantMismatch ?? null).toBeNull();
  });
});

describe('a log larger than the app keeps', () => {
  it('arrives cut from its end, with a note the log viewer shows', async () => {
    faulty.route('POST', '/authorisation-tokens', json(wireToken()));
    faulty.route('GET', '/devices', json(DEVICES_BODY));
    faulty.route('GET', '/jobs', json({ items: [] }));
    const line = 'a line of a long, long log: nothing to see here, keep going.\n'; // 61 bytes
    const chunk = encodeBase64Text(line.repeat(3 * 1000));
    const head = JSON.stringify({
      id: 1,
      name: 'long',
      description: '',
      device_id: 1,
      status: 'completed',
      jobType: 'digital',
      created_at: formatHttpDate(new Date()),
    }).slice(0, -1);
    const repeat = 400; // 400 × 183,000 bytes: 70 MB of log
    faulty.route('GET', '/jobs/1', {
      kind: 'stream',
      head: `${head},"logs":"`,
      chunk,
      repeat,
      tail: '"}',
    });
    await call('profiles.save', {
      id: 'long',
      name: 'Long logs',
      variant: 'B',
      baseUrl: faulty.url,
    });
    await call('profiles.activate', { id: 'long' });
    await call('session.login', { user: 'demo', apiKey: 'demo' });

    const view = await call('jobs.get', { id: 1, fields: ['logs'] });
    const logs = (view.detail as { logs?: string }).logs!;
    expect(logs.length).toBeLessThanOrEqual(64 * 1024 * 1024);
    expect(logs.startsWith(line) && logs.endsWith(line)).toBe(true);
    expect(view.problems).toEqual([
      {
        field: 'logs',
        code: 'truncated',
        message: 'The logs are 70 MB, more than this app keeps: only the last 64 MB are shown.',
        raw: null,
      },
    ]);
  }, 60_000);
});
