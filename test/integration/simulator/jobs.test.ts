import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJobId, decodeJobList } from '../../../src/shared/wire';
import {
  BELL_CIRCUIT,
  call,
  envelope,
  fullDetail,
  heavyCircuit,
  login,
  pollUntil,
  samplesOf,
  samplingPayload,
  startTestSimulator,
} from './helpers';

describe.each(['A', 'B'] as const)('simulator jobs, Variant %s', (variant) => {
  let t: Awaited<ReturnType<typeof startTestSimulator>>;
  let token: string;
  const execute = (body: unknown, query = '') =>
    call(t.sim, 'POST', `/execute${query}`, { token, body });

  beforeAll(async () => {
    t = await startTestSimulator({ variant });
    token = (await login(t.sim)).accessToken;
  });
  afterAll(async () => {
    await t.cleanup();
    expect(t.problems).toEqual([]);
  });

  it('runs a Bell-state sampling job from execute to completed with only 00/11, near 50/50', async () => {
    const submitted = await execute(
      envelope(samplingPayload(variant, BELL_CIRCUIT, 2000), 'sim.statevector', { name: 'bell' }),
    );
    expect(submitted.status).toBe(200);
    const jobId = decodeJobId(variant, submitted.body);
    expect('message' in submitted.body).toBe(variant === 'A');

    const polled = await pollUntil(t.sim, token, jobId.id);
    expect(polled.status).toBe('completed');
    const detail = await fullDetail(t.sim, token, jobId.id);
    expect(detail).toMatchObject({ name: 'bell', device_id: 1, status: 'completed', error: null });
    expect(detail.completed_at).toBeTruthy();
    expect(detail.payload).toEqual(samplingPayload(variant, BELL_CIRCUIT, 2000));
    if (variant === 'B') expect(detail.jobType).toBe('digital');
    else expect('jobType' in detail).toBe(false);

    const samples = samplesOf(variant, detail.result as Record<string, unknown>);
    expect(Object.keys(samples).sort()).toEqual(['00', '11']);
    const total = (samples['00'] ?? 0) + (samples['11'] ?? 0);
    expect(total).toBe(2000);
    expect(Math.abs((samples['00'] ?? 0) / total - 0.5)).toBeLessThan(0.06);
    expect(detail.logs).toMatch(
      /validated[\s\S]*queued on sim\.statevector behind \d+ job[\s\S]*started on device[\s\S]*finished in/,
    );
  });

  it('accepts a bare ExecutePayload with ?device_code=', async () => {
    const submitted = await execute(
      samplingPayload(variant, BELL_CIRCUIT, 100),
      '?device_code=sim.statevector&name=bare',
    );
    expect(submitted.status).toBe(200);
    const id = Number(submitted.body.id);
    expect((await pollUntil(t.sim, token, id)).status).toBe('completed');
    expect((await fullDetail(t.sim, token, id)).name).toBe('bare');
  });

  it('ends a payload that cannot run in error, with the YAML path and line in error_logs', async () => {
    const broken = BELL_CIRCUIT.replace(
      '!CNOT {control: 0, target: 1}',
      '!CNOT {control: 1, target: 1}',
    );
    const submitted = await execute(envelope(samplingPayload(variant, broken, 10)));
    expect(submitted.status).toBe(200);
    const id = Number(submitted.body.id);
    expect((await pollUntil(t.sim, token, id)).status).toBe('error');
    const detail = await fullDetail(t.sim, token, id);
    const where =
      variant === 'B'
        ? 'sampling_payload.sampling'
        : 'digital_propagation_payload.digital_propagation';
    expect(detail.error).toContain(where);
    expect(detail.error?.split('\n')).toHaveLength(1);
    expect(detail.error_logs).toContain(where);
    expect(detail.error_logs).toMatch(/line \d+/);
    expect(detail.result).toBeNull();
  });

  it('rejects envelopes that break the models with 422 naming the fields', async () => {
    const good = samplingPayload(variant, BELL_CIRCUIT, 10);
    const [field] = Object.keys(good).filter((k) => k !== 'type');
    const otherField = variant === 'B' ? 't1_experiment_payload' : 'experiment_payload';
    const otherInner =
      variant === 'B' ? { t1_experiment: '!T1Experiment {}' } : { experiment: '!T1Experiment {}' };
    const locs = async (body: unknown, query = '') => {
      const reply = await execute(body, query);
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ code: 'validation_error', message: expect.any(String) });
      return (reply.body.detail as { loc: unknown[] }[]).map((d) => d.loc.join('.'));
    };

    expect(await locs(envelope({ ...good, [otherField]: otherInner }))).toContain(
      `body.payload.${otherField}`,
    );
    const foreignType = variant === 'B' ? 'digital_propagation' : 'sampling';
    expect(await locs(envelope({ ...good, type: foreignType }))).toContain('body.payload.type');
    expect(await locs(envelope(good, 'no.such.device'))).toEqual(['body.device_code']);
    expect(await locs({ ...envelope(good), job_type: 'quantum_reservoir_x' })).toContain(
      'body.job_type',
    );
    expect(await locs(good)).toContain('query.device_code');
    expect(await locs(good, '?device_code=no.such.device')).toEqual(['query.device_code']);
    if (variant === 'A') {
      const inner = (good as Record<string, Record<string, string>>)[field ?? ''] ?? {};
      const { readout: _readout, ...withoutReadout } = inner;
      expect(await locs(envelope({ ...good, [field ?? '']: withoutReadout }))).toContain(
        `body.payload.${field}.readout`,
      );
    }
  });

  it('lists jobs (with status in both variants, as the real service and qilisdk 0.2.x want), filters by status and device', async () => {
    const reply = await call(t.sim, 'GET', '/jobs', { token });
    expect(reply.status).toBe(200);
    const items = reply.body.items as Record<string, unknown>[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => typeof i.status === 'string')).toBe(true);
    expect(decodeJobList(variant, reply.body).length).toBe(items.length);
    const ids = items.map((i) => Number(i.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const errored = await call(t.sim, 'GET', '/jobs?status=error', { token });
    expect((errored.body.items as unknown[]).length).toBe(1);
    const elsewhere = await call(t.sim, 'GET', '/jobs?device_id=3', { token });
    expect(elsewhere.body.items).toEqual([]);
  });

  it('keeps answering polls while a 22-qubit job runs, shows its logs growing, and cancels it', async () => {
    const submitted = await execute(envelope(samplingPayload(variant, heavyCircuit(22, 6), 100)));
    const id = Number(submitted.body.id);
    await pollUntil(t.sim, token, id, ['running']);
    const firstLogs = (await fullDetail(t.sim, token, id)).logs ?? '';
    // The physics runs in a worker: polls are answered while the job is still running. (A server
    // whose event loop ran the job would answer only after it, with the job no longer running.)
    let grew = false;
    let answeredWhileRunning = 0;
    for (let i = 0; i < 40 && !(grew && answeredWhileRunning >= 3); i++) {
      const lookup = await call(t.sim, 'GET', `/jobs/${id}`, { token });
      expect(lookup.status).toBe(200);
      if (lookup.body.status === 'running') answeredWhileRunning++;
      const logs = (await fullDetail(t.sim, token, id)).logs ?? '';
      grew = logs.length > firstLogs.length && /progress \d+%/.test(logs);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(grew).toBe(true);
    expect(answeredWhileRunning).toBeGreaterThanOrEqual(3);
    const cancelled = await call(t.sim, 'POST', `/jobs/${id}/cancel`, { token });
    expect(cancelled.body.status).toBe('cancelled');
    const detail = await fullDetail(t.sim, token, id);
    expect(detail.logs).toMatch(/cancelled by the user while running/);
    expect(detail.result).toBeNull();
  });
});

describe.each(['A', 'B'] as const)('simulator device queues, Variant %s', (variant) => {
  // Speed 1: the device in maintenance stays there for minutes, whatever the machine's load.
  let t: Awaited<ReturnType<typeof startTestSimulator>>;
  let token: string;
  beforeAll(async () => {
    t = await startTestSimulator({ variant, speed: 1 });
    token = (await login(t.sim)).accessToken;
  });
  afterAll(async () => t.cleanup());

  it('holds jobs for a device in maintenance (with a notice in Variant A) and cancels them', async () => {
    const submitted = await call(t.sim, 'POST', '/execute', {
      token,
      body: envelope(samplingPayload(variant, BELL_CIRCUIT, 10), 'qpu.digital.altair'),
    });
    expect(submitted.status).toBe(200);
    if (variant === 'A') expect(submitted.body.message).toMatch(/in maintenance until/);
    else expect('message' in submitted.body).toBe(false);
    const id = Number(submitted.body.id);
    await pollUntil(t.sim, token, id, ['queued']);
    expect((await fullDetail(t.sim, token, id)).logs).toMatch(/queue is held/);
    const cancelled = await call(t.sim, 'POST', `/jobs/${id}/cancel`, { token });
    expect(cancelled).toMatchObject({ status: 200, body: { id, status: 'cancelled' } });
    const again = await call(t.sim, 'POST', `/jobs/${id}/cancel`, { token });
    expect(again).toMatchObject({ status: 409, body: { code: 'job_finished' } });
    expect((await call(t.sim, 'POST', '/jobs/99999/cancel', { token })).status).toBe(404);
  });
});
