import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src/core/app/types';
import { appCalls, openAppCore } from '../../support/app-core';

/**
 * The app's one submit path (core/submit) against the embedded Variant A simulator: what the
 * editor submits and what a rerun submits are prepared, sent and kept the same way, refused in
 * the same words, and need a login, checked once, before anything is fetched or sent.
 */
const BELL = readFileSync(path.join('test/fixtures/dialect', 'a-digital-bell.yaml'), 'utf8');
/** The bytes as the person wrote them: a comment and spacing the service never sees. */
const WRITTEN = `# kept byte for byte\n${BELL.replace('nqubits: 2', 'nqubits:   2')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-submit-path-'));
let core: AppCore;
const { call, failure } = appCalls(() => core);

beforeAll(async () => {
  core = await openAppCore(dataDir, { simulator: { speed: 50 } });
});
afterAll(async () => {
  await core?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the app's submit path", () => {
  let first = 0;

  it('keeps a submission with its exact text, and a rerun of it as a rerun', async () => {
    const submitted = await call('jobs.submit', {
      text: WRITTEN,
      deviceCode: 'sim.statevector',
      name: 'kept',
    });
    first = submitted.jobId;
    expect(submitted).toMatchObject({ executeType: 'digital_propagation', message: null });
    const source = await call('jobs.rerunSource', { id: first });
    expect(source).toEqual({
      jobId: first,
      text: WRITTEN,
      deviceCode: 'sim.statevector',
      name: 'kept',
      exact: true,
      kept: [],
    });

    const rerun = await call('jobs.rerun', { id: first });
    expect(rerun.jobId).not.toBe(first);
    expect(rerun.executeType).toBe('digital_propagation');
    const notes = await call('annotations.get', { id: rerun.jobId });
    expect(notes).toMatchObject({ origin: { kind: 'rerun', jobId: first }, payloadKept: true });
    expect((await call('annotations.get', { id: first })).reruns).toContain(rerun.jobId);
    expect((await call('jobs.rerunSource', { id: rerun.jobId })).text).toBe(WRITTEN);
  });

  it("keeps the service's notice about the device a rerun went to, as for a submit", async () => {
    const { devices } = await call('devices.list', { refresh: true });
    // The simulator's seed schedules an outage of a processor at start.
    const away = devices.find((d) => d.status !== 'online' && d.type.startsWith('qpu.'));
    expect(away).toBeDefined();
    const rerun = await call('jobs.rerun', { id: first, deviceCode: away!.code });
    expect(rerun.message).toMatch(/until/);
    const history = await call('deviceHistory.list', { code: away!.code });
    expect(history.entries).toContainEqual(
      expect.objectContaining({ kind: 'message', value: rerun.message!.trim() }),
    );
  });

  it('refuses a payload the model refuses in one wording: a submit, a batch dry run', async () => {
    const wording =
      /^The payload is not a valid Variant A payload \(\d+ errors?; first at line 1, column \d+: .+\); nothing was submitted\.$/;
    const submit = await failure('jobs.submit', {
      text: 'type: sampling\n',
      deviceCode: 'sim.statevector',
    });
    expect(submit.code).toBe('invalid-payload');
    expect(submit.message).toMatch(wording);
    const dryRun = await failure('batches.dryRun', {
      text: 'type: sampling\n',
      deviceCode: 'sim.statevector',
    });
    expect(dryRun).toMatchObject({ code: 'invalid-payload', message: submit.message });
  });

  it('shows a bundled payload the model refuses with the same words, nothing submitted', async () => {
    const exported = await call('bundles.export', { ids: [first] });
    const bundle = JSON.parse(exported.text) as { jobs: { payload: { text: string } }[] };
    bundle.jobs[0]!.payload.text = 'type: sampling\n';
    const opened = await call('bundles.open', {
      text: JSON.stringify(bundle),
      fileName: exported.fileName,
    });
    expect(opened.jobs[0]!.view.problems).toContainEqual(
      expect.objectContaining({
        field: 'payload',
        message: expect.stringMatching(
          /^The payload is not a valid Variant A payload \(\d+ errors?; first at line 1, column \d+: .+\)$/,
        ) as string,
      }),
    );
  });

  it('asks for a login before a rerun fetches or sends anything', async () => {
    const before = (await call('jobs.list', {})).jobs.length;
    expect((await call('session.logout', {})).state).toBe('logged-out');
    expect((await failure('jobs.rerun', { id: first })).code).toBe('not-logged-in');
    expect((await failure('jobs.submit', { text: BELL, deviceCode: 'sim.statevector' })).code).toBe(
      'not-logged-in',
    );
    expect((await call('profiles.activate', { id: 'simulator-a' })).state).toBe('active');
    expect((await call('jobs.list', {})).jobs.length).toBe(before);
  });
});
