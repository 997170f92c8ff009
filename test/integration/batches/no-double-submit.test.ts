import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { Session } from '../../../src/core/auth/session';
import { createServiceClient } from '../../../src/core/client/service-client';
import { requirePayload } from '../../../src/core/submit/prepare-payload';
import { sendPayload } from '../../../src/core/submit/send-payload';
import { MemoryBatchStore } from '../../../src/core/batches/batch-store';
import { BatchRunner } from '../../../src/core/batches/batch-runner';
import { createBatch } from '../../../src/core/batches/batch-service';
import type { JobInfo } from '../../../src/shared/variants';
import type { FaultyServer } from '../../support/faulty-server';
import { json, startFaultyServer } from '../../support/faulty-server';
import { jobInfo, wireJobList, wireToken } from '../../support/wire-fixtures';

/**
 * `POST /execute` is not idempotent. A loopback service that takes a submission and never
 * answers it: the batch finds the job by its member's name and time in the job list and never
 * sends that member again; only a submission the list does not have is sent again, and only
 * when retried.
 */
const DOC = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    circuit: !Circuit
      nqubits: 1
      gates:
        - !RY {qubit: 0, theta: 0}
`;
const THETA = 'sampling_payload.sampling.circuit.gates[0].theta';

let server: FaultyServer;
let jobs: JobInfo[];

async function runnerFor(store: MemoryBatchStore) {
  const bare = createServiceClient({
    baseUrl: server.url,
    variant: 'B',
    fetch: (url, init) => fetch(url, init),
    // A hung submission costs this much; an answered one must never come near it, also on a
    // loaded machine (the mutation run's instrumented code under `nice` once took over 400 ms).
    timeoutMs: 1_500,
    retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20 },
  });
  const session = new Session({
    client: bare,
    profile: 'faulty',
    audience: 'test',
    store: new MemorySecretStore(),
  });
  await session.login('alice', 'key');
  const client = session.client;
  return new BatchRunner({
    store,
    transport: {
      async submit(member, batch) {
        const payload = requirePayload('B', member.text);
        const outcome = await sendPayload(client, payload, {
          deviceCode: batch.deviceCode,
          name: member.name,
        });
        return outcome.jobId.id;
      },
      async listJobs() {
        return (await client.listJobs()).map((j) => ({
          id: j.id,
          name: j.name,
          createdAt: j.created_at,
        }));
      },
    },
  });
}

/** The service: `hang` says which submissions (1-based, in arrival order) get no answer, and whether their job is made. */
function serve(hang: Map<number, { made: boolean }>) {
  server.route('POST', '/execute', (request, nth) => {
    const body = JSON.parse(request.body) as { name?: string };
    const id = 100 + nth;
    const rule = hang.get(nth + 1);
    if (!rule || rule.made)
      jobs.push(
        jobInfo(id, 'queued', { name: body.name ?? '', created_at: new Date().toISOString() }),
      );
    return rule ? { kind: 'hang' } : json({ id });
  });
  server.route('GET', '/jobs', () => json(wireJobList('B', jobs)));
}

function newBatch(store: MemoryBatchStore, values = '0,1,2') {
  return createBatch(store, 'p', 'B', {
    text: DOC,
    sweep: { parameters: [{ path: THETA, values }], combine: 'grid' },
    name: 'Angles',
    deviceCode: 'sim-1',
    ratePerSecond: 20,
  });
}

beforeEach(async () => {
  jobs = [];
  server = await startFaultyServer();
  server.route('POST', '/authorisation-tokens', json(wireToken({ access: 'A1', refresh: 'R1' })));
});
afterEach(() => server.close());

describe('a batch never submits a member twice', () => {
  it('finds a submission whose answer never came in the job list, and does not send it again', async () => {
    serve(new Map([[2, { made: true }]]));
    const store = new MemoryBatchStore();
    const runner = await runnerFor(store);
    const batch = newBatch(store);
    await runner.run(batch.id);
    const members = store.members(batch.id);
    expect(members.map((m) => [m.state, m.jobId])).toEqual([
      ['submitted', 100],
      ['submitted', 101],
      ['submitted', 102],
    ]);
    expect(server.count('POST', '/execute')).toBe(3);
    expect(store.get(batch.id)?.state).toBe('done');
    // Retrying has nothing to send.
    await runner.retry(batch.id);
    expect(server.count('POST', '/execute')).toBe(3);
  });

  it('leaves a submission the list does not have as unknown, and sends it again only when retried', async () => {
    serve(new Map([[1, { made: false }]]));
    const store = new MemoryBatchStore();
    const runner = await runnerFor(store);
    const batch = newBatch(store, '0');
    await runner.run(batch.id);
    const [lost] = store.members(batch.id);
    expect(lost?.state).toBe('unknown');
    expect(lost?.error).toContain('The job list has no job named “Angles [1/1]” since it was sent');
    expect(server.count('POST', '/execute')).toBe(1);
    await runner.retry(batch.id);
    expect(store.members(batch.id)[0]).toMatchObject({
      state: 'submitted',
      jobId: 101,
      attempts: 2,
    });
    expect(server.count('POST', '/execute')).toBe(2);
  });

  it('looks in the job list again before a retry sends an unknown member: a job listed late is found, not sent twice', async () => {
    // The answer never came and the job was not in the list yet (a service that lists a job a
    // moment after it makes it): the member waits as unknown.
    serve(new Map([[1, { made: false }]]));
    const store = new MemoryBatchStore();
    const runner = await runnerFor(store);
    const batch = newBatch(store, '0');
    await runner.run(batch.id);
    const [lost] = store.members(batch.id);
    expect(lost?.state).toBe('unknown');
    const listsBefore = server.count('GET', '/jobs');
    // Now the list has it.
    jobs.push(jobInfo(100, 'running', { name: 'Angles [1/1]', created_at: lost!.sentAt! }));
    await runner.retry(batch.id);
    expect(store.members(batch.id)[0]).toMatchObject({
      state: 'submitted',
      jobId: 100,
      attempts: 1,
    });
    expect(server.count('GET', '/jobs')).toBe(listsBefore + 1);
    expect(server.count('POST', '/execute')).toBe(1);
    expect(store.get(batch.id)?.state).toBe('done');
  });

  it('after a stop mid-request (a member left `sending`), looks before sending', async () => {
    serve(new Map());
    const store = new MemoryBatchStore();
    const runner = await runnerFor(store);
    const batch = newBatch(store, '0,1');
    // As if the app stopped right after the first request left: the service made the job.
    const sentAt = new Date().toISOString();
    store.updateMember(batch.id, 1, { state: 'sending', sentAt, attempts: 1 });
    jobs.push(jobInfo(7, 'running', { name: 'Angles [1/2]', created_at: sentAt }));
    // An older job of the same name (another day's batch) is not it.
    jobs.push(
      jobInfo(3, 'completed', { name: 'Angles [2/2]', created_at: '2020-01-01T00:00:00Z' }),
    );
    await runner.run(batch.id);
    expect(store.members(batch.id).map((m) => [m.state, m.jobId])).toEqual([
      ['submitted', 7],
      ['submitted', 100],
    ]);
    expect(server.count('POST', '/execute')).toBe(1);
  });

  it('pauses, with the reason, when the job list cannot be read to decide', async () => {
    serve(new Map([[1, { made: true }]]));
    server.route('GET', '/jobs', json({ message: 'down' }, 500));
    const store = new MemoryBatchStore();
    const runner = await runnerFor(store);
    const batch = newBatch(store, '0,1');
    await runner.run(batch.id);
    expect(store.get(batch.id)).toMatchObject({ state: 'paused' });
    expect(store.get(batch.id)?.note).toMatch(/^Paused: /);
    expect(store.members(batch.id).map((m) => m.state)).toEqual(['unknown', 'planned']);
    expect(server.count('POST', '/execute')).toBe(1);
  });
});
