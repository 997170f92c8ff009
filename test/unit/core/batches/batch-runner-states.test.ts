import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchTransport } from '../../../../src/core/batches/batch-runner';
import { BatchBlockedError, BatchRunner } from '../../../../src/core/batches/batch-runner';
import { createBatch } from '../../../../src/core/batches/batch-service';
import type { BatchStore, MemberRecord } from '../../../../src/core/batches/batch-store';
import { batchStoreFile, openBatchStore } from '../../../../src/core/batches/open-batch-store';
import { SqliteBatchStore } from '../../../../src/core/batches/sqlite-batch-store';
import type { DatabaseConstructor } from '../../../../src/core/job-store/sqlite-loader';
import { loadSqlite } from '../../../../src/core/job-store/sqlite-loader';
import type { LogFields } from '../../../../src/core/logging/logger';
import { silentLogger } from '../../../../src/core/logging/logger';
import type { JobInfo } from '../../../../src/shared/variants';
import { serviceTransport } from '../../../support/batch-service-transport';
import type { Behaviour, FaultyServer } from '../../../support/faulty-server';
import { json, startFaultyServer } from '../../../support/faulty-server';
import { jobInfo, wireJobList } from '../../../support/wire-fixtures';

/**
 * The batch runner's states, on a real SQLite store in a temp dir and the real client against
 * the faulty server on loopback. Each test pins a rule of `BatchRunner` that the mutation run
 * showed no test held.
 */
const DOC = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    circuit: !Circuit {nqubits: 1, gates: [!RY {qubit: 0, theta: 0}]}
`;
const THETA = 'sampling_payload.sampling.circuit.gates[0].theta';

let server: FaultyServer;
let jobs: JobInfo[];
let dir: string;
let store: BatchStore;
let transport: BatchTransport;
let Sqlite: DatabaseConstructor;

/** `POST /execute`: `answer(nth)` (0-based) says what the service does; by default it makes job 100 + nth. */
function serve(answer: (nth: number) => Behaviour | null = () => null) {
  server.route('POST', '/execute', (request, nth) => {
    const special = answer(nth);
    if (special) return special;
    const body = JSON.parse(request.body) as { name?: string };
    jobs.push(
      jobInfo(100 + nth, 'queued', { name: body.name ?? '', created_at: new Date().toISOString() }),
    );
    return json({ id: 100 + nth });
  });
  server.route('GET', '/jobs', () => json(wireJobList('B', jobs)));
}

function newBatch(values: string, ratePerSecond = 1000) {
  return createBatch(store, 'p', 'B', {
    text: DOC,
    sweep: { parameters: [{ path: THETA, values }], combine: 'grid' },
    name: 'Angles',
    deviceCode: 'sim-1',
    ratePerSecond,
  });
}

const states = (id: string) => store.members(id).map((m) => [m.state, m.jobId]);

beforeEach(async () => {
  jobs = [];
  Sqlite = await loadSqlite();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-runner-'));
  store = await openBatchStore(batchStoreFile(dir, 'cli'), silentLogger);
  expect(store.unavailable).toBeNull();
  server = await startFaultyServer();
  transport = await serviceTransport(server);
});
afterEach(async () => {
  store.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the batch runner', () => {
  it('writes a member `sending` on disk before its request leaves, and `submitted` with its id after, without reading the job list', async () => {
    const seen: string[] = [];
    serve(() => {
      // What another connection on the same file sees while the request is at the service.
      const other = new SqliteBatchStore(Sqlite, batchStoreFile(dir, 'cli'));
      seen.push(...other.members(batchId).map((m) => m.state));
      other.close();
      return null;
    });
    const batchId = newBatch('0').id;
    await new BatchRunner({ store, transport }).run(batchId);
    expect(seen).toEqual(['sending']);
    expect(states(batchId)).toEqual([['submitted', 100]]);
    expect(store.members(batchId)[0]).toMatchObject({ attempts: 1, error: null });
    expect(server.count('GET', '/jobs')).toBe(0);
    expect(store.get(batchId)).toMatchObject({ state: 'done', note: null });
  });

  it('spaces its requests at the batch rate (never faster)', async () => {
    serve();
    const batch = newBatch('0,1,2', 4);
    await new BatchRunner({ store, transport }).run(batch.id);
    // When each request left, as the runner wrote it (the server's clock would add the
    // requests' own varying times).
    const sent = store.members(batch.id).map((m) => Date.parse(m.sentAt!));
    expect(server.count('POST', '/execute')).toBe(3);
    // 4 per second: 250 ms apart at least (a loaded machine only makes it slower); a timer may
    // fire a millisecond early against the wall clock, which has millisecond steps.
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(247);
    expect(sent[2]! - sent[1]!).toBeGreaterThanOrEqual(247);
  });

  it('joins a second run of the same batch instead of sending its members twice', async () => {
    serve();
    const batch = newBatch('0,1');
    const runner = new BatchRunner({ store, transport });
    const first = runner.run(batch.id);
    const second = runner.run(batch.id);
    expect(second).toBe(first);
    expect(runner.isRunning(batch.id)).toBe(true);
    await Promise.all([first, second]);
    expect(runner.isRunning(batch.id)).toBe(false);
    expect(server.count('POST', '/execute')).toBe(2);
  });

  it('sends nothing of a batch that is not running', async () => {
    serve();
    const batch = newBatch('0,1');
    store.updateBatch(batch.id, { state: 'paused', note: 'Paused by you.' });
    await new BatchRunner({ store, transport }).run(batch.id);
    expect(server.count('POST', '/execute')).toBe(0);
    expect(store.get(batch.id)).toMatchObject({ state: 'paused', note: 'Paused by you.' });
  });

  it('stops when the batch stops running while it waits for its next turn', async () => {
    serve();
    const batch = newBatch('0,1', 1);
    const runner = new BatchRunner({
      store,
      transport,
      onChange: (_id, member) => {
        // Another window pauses it 100 ms into the 1 s wait before the second member.
        if (member?.index === 1 && member.state === 'submitted')
          setTimeout(() => store.updateBatch(batch.id, { state: 'paused' }), 100);
      },
    });
    await runner.run(batch.id);
    expect(server.count('POST', '/execute')).toBe(1);
    expect(states(batch.id)).toEqual([
      ['submitted', 100],
      ['planned', null],
    ]);
  });

  it('pauses a running batch, waking it from its wait, and resumes it from there', async () => {
    serve();
    // One request every 100 s: only a pause that wakes the wait ends this run in time.
    const batch = newBatch('0,1', 0.01);
    let firstSent!: () => void;
    const sent = new Promise<void>((resolve) => (firstSent = resolve));
    const runner = new BatchRunner({
      store,
      transport,
      onChange: (_id, member) => {
        if (member?.state === 'submitted') firstSent();
      },
    });
    const run = runner.run(batch.id);
    await sent;
    await runner.pause(batch.id);
    await run;
    expect(runner.isRunning(batch.id)).toBe(false);
    expect(store.get(batch.id)).toMatchObject({ state: 'paused', note: null });
    expect(server.count('POST', '/execute')).toBe(1);
    store.updateBatch(batch.id, { state: 'paused', note: 'old' });
    // A pause of a batch that is not running, or of none, changes nothing and does not throw.
    await runner.pause(batch.id);
    await runner.pause('no-such-batch');
    expect(store.get(batch.id)).toMatchObject({ state: 'paused', note: 'old' });
  });

  it('does not wait for its turn when paused while it looked a member up', async () => {
    serve();
    // One request every 100 s: only a run that sees the pause ends this test in time.
    const batch = newBatch('0,1', 0.01);
    const runner = new BatchRunner({
      store,
      transport,
      onChange: (_id, member) => {
        // As if member 2's request had left too (another window sent it): it is looked up next.
        if (member?.index === 1 && member.state === 'submitted')
          store.updateMember(batch.id, 2, { state: 'sending', sentAt: new Date().toISOString() });
      },
    });
    let paused: Promise<void> | null = null;
    server.route('GET', '/jobs', () => {
      paused = runner.pause(batch.id);
      return json(wireJobList('B', jobs));
    });
    await runner.run(batch.id);
    await paused;
    expect(server.count('GET', '/jobs')).toBe(1);
    expect(store.get(batch.id)?.state).toBe('paused');
    expect(server.count('POST', '/execute')).toBe(1);
  });

  it('leaves a finished batch finished when paused', async () => {
    serve();
    const batch = newBatch('0');
    const runner = new BatchRunner({ store, transport });
    await runner.run(batch.id);
    await runner.pause(batch.id);
    expect(store.get(batch.id)?.state).toBe('done');
  });

  it('stops every run when the app closes, leaving the batch `running` on disk to resume', async () => {
    serve();
    const batch = newBatch('0,1', 0.01);
    let firstSent!: () => void;
    const sent = new Promise<void>((resolve) => (firstSent = resolve));
    const runner = new BatchRunner({
      store,
      transport,
      onChange: (_id, member) => {
        if (member?.state === 'submitted') firstSent();
      },
    });
    void runner.run(batch.id);
    await sent;
    await runner.stopAll();
    expect(runner.isRunning(batch.id)).toBe(false);
    expect(server.count('POST', '/execute')).toBe(1);
    expect(store.get(batch.id)?.state).toBe('running');
  });

  it('fails a member the service rejects with an HTTP error, and goes on with the next', async () => {
    serve((nth) => (nth === 0 ? json({ message: 'bad device', code: 'invalid' }, 400) : null));
    const batch = newBatch('0,1');
    await new BatchRunner({ store, transport }).run(batch.id);
    const [rejected, next] = store.members(batch.id);
    expect(rejected).toMatchObject({ state: 'failed', jobId: null });
    expect(rejected?.error).toContain('bad device');
    expect(next).toMatchObject({ state: 'submitted', jobId: 101 });
    expect(store.get(batch.id)?.state).toBe('done');
    expect(server.count('GET', '/jobs')).toBe(0);
  });

  it('fails a member whose payload is refused before sending, and goes on with the next', async () => {
    serve();
    const batch = newBatch('0,1');
    // As if the kept text had been damaged: it no longer reads as a payload.
    const [first] = store.members(batch.id);
    const damaged = { ...batch, id: `${batch.id}-d` };
    store.create(damaged, [
      { ...first!, batchId: damaged.id, text: 'type: [' },
      { ...store.members(batch.id)[1]!, batchId: damaged.id },
    ]);
    await new BatchRunner({ store, transport }).run(damaged.id);
    const [bad, good] = store.members(damaged.id);
    expect(bad?.state).toBe('failed');
    expect(bad?.error).toBeTruthy();
    expect(good).toMatchObject({ state: 'submitted', jobId: 100 });
    expect(server.count('POST', '/execute')).toBe(1);
    expect(store.get(damaged.id)?.state).toBe('done');
  });

  it('pauses, with the reason, on a failure that is not the member’s, and keeps the member to send', async () => {
    serve();
    const batch = newBatch('0,1');
    const blockedAfterOne: BatchTransport = {
      listJobs: () => transport.listJobs(),
      async submit(member, b) {
        if (member.index === 2) throw new BatchBlockedError('You were logged out.');
        return transport.submit(member, b);
      },
    };
    await new BatchRunner({ store, transport: blockedAfterOne }).run(batch.id);
    expect(store.get(batch.id)).toMatchObject({
      state: 'paused',
      note: 'Paused: You were logged out.',
    });
    expect(store.members(batch.id)[1]).toMatchObject({ state: 'planned', error: null });
    expect(new BatchBlockedError('x').name).toBe('BatchBlockedError');
  });

  it('pauses with the transport’s reason when nothing can be sent now, sending nothing', async () => {
    serve();
    const batch = newBatch('0');
    const runner = new BatchRunner({
      store,
      transport: { ...transport, blocked: () => 'Another connection is active.' },
    });
    await runner.run(batch.id);
    expect(store.get(batch.id)).toMatchObject({
      state: 'paused',
      note: 'Another connection is active.',
    });
    expect(server.count('POST', '/execute')).toBe(0);
  });

  it('pauses with the error when the run itself breaks, and logs it', async () => {
    serve();
    const batch = newBatch('0');
    const errors: [string, LogFields | undefined][] = [];
    const runner = new BatchRunner({
      store,
      transport: {
        ...transport,
        blocked: () => {
          throw new Error('the check broke');
        },
      },
      log: { ...silentLogger, error: (m, f) => errors.push([m, f]) },
    });
    await runner.run(batch.id);
    expect(store.get(batch.id)).toMatchObject({
      state: 'paused',
      note: 'Stopped by an error: the check broke',
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.[0]).toBe('a batch run stopped');
    expect(errors[0]?.[1]).toMatchObject({ batchId: batch.id });
    expect(runner.isRunning(batch.id)).toBe(false);
  });

  it('plans a failed member again on retry, and only the members asked for', async () => {
    serve((nth) => (nth < 2 ? json({ message: 'refused' }, 422) : null));
    const batch = newBatch('0,1');
    const runner = new BatchRunner({ store, transport });
    await runner.run(batch.id);
    expect(states(batch.id)).toEqual([
      ['failed', null],
      ['failed', null],
    ]);
    await runner.retry(batch.id, [2]);
    expect(store.members(batch.id)).toMatchObject([
      { state: 'failed', attempts: 1 },
      { state: 'submitted', jobId: 102, attempts: 2, error: null },
    ]);
    await runner.retry(batch.id);
    expect(states(batch.id)).toEqual([
      ['submitted', 103],
      ['submitted', 102],
    ]);
    expect(server.count('POST', '/execute')).toBe(4);
  });

  it('looks an unknown outcome up in the job list before any retry, and logs what it found', async () => {
    // The answer never comes, and the job is not listed yet.
    serve((nth) => (nth === 0 ? { kind: 'hang' } : null));
    const batch = newBatch('0');
    const infos: [string, LogFields | undefined][] = [];
    const runner = new BatchRunner({
      store,
      transport,
      log: { ...silentLogger, info: (m, f) => infos.push([m, f]) },
    });
    await runner.run(batch.id);
    const [lost] = store.members(batch.id);
    expect(lost?.state).toBe('unknown');
    expect(server.count('GET', '/jobs')).toBe(1);
    jobs.push(jobInfo(55, 'queued', { name: 'Angles [1/1]', created_at: lost!.sentAt! }));
    await runner.retry(batch.id);
    expect(states(batch.id)).toEqual([['submitted', 55]]);
    expect(server.count('POST', '/execute')).toBe(1);
    expect(infos).toEqual([
      ['a lost submission was found in the job list', { member: 'Angles [1/1]', id: 55 }],
    ]);
  });

  it('marks a member unknown, with why, when the job list cannot be read before sending it again', async () => {
    serve();
    server.route('GET', '/jobs', json({ message: 'down' }, 400));
    const batch = newBatch('0');
    store.updateMember(batch.id, 1, { state: 'sending', sentAt: new Date().toISOString() });
    await new BatchRunner({ store, transport }).run(batch.id);
    const [member] = store.members(batch.id);
    expect(member?.state).toBe('unknown');
    expect(member?.error).toMatch(
      /^The job list could not be read to find out whether it was submitted: .*down/,
    );
    expect(store.get(batch.id)?.state).toBe('paused');
    expect(server.count('POST', '/execute')).toBe(0);
  });

  it('does not claim a listed job that another member already has, and never reports a submission without its job', async () => {
    serve();
    const batch = newBatch('0,1');
    const now = new Date().toISOString();
    store.updateMember(batch.id, 1, { state: 'submitted', jobId: 7, sentAt: now, attempts: 1 });
    store.updateMember(batch.id, 2, { state: 'sending', sentAt: now, attempts: 1 });
    // The list has a job named as member 2, but it is member 1's job 7 (a service that renamed it).
    jobs.push(jobInfo(7, 'queued', { name: 'Angles [2/2]', created_at: now }));
    const reported: MemberRecord[] = [];
    await new BatchRunner({
      store,
      transport,
      onChange: (_id, member) => {
        if (member) reported.push({ ...member });
      },
    }).run(batch.id);
    expect(states(batch.id)).toEqual([
      ['submitted', 7],
      ['submitted', 100],
    ]);
    expect(server.count('POST', '/execute')).toBe(1);
    expect(reported.filter((m) => m.state === 'submitted' && m.jobId === null)).toEqual([]);
  });
});
