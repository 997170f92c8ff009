import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchRunner } from '../../../../src/core/batches/batch-runner';
import {
  createBatch,
  requireBatch,
  resumeRunning,
  summaryOf,
  uniqueBatchName,
  viewOf,
} from '../../../../src/core/batches/batch-service';
import type { BatchStore, MemberRecord } from '../../../../src/core/batches/batch-store';
import { batchStoreFile, openBatchStore } from '../../../../src/core/batches/open-batch-store';
import { AppError } from '../../../../src/core/errors/app-error';
import { silentLogger } from '../../../../src/core/logging/logger';
import { serviceTransport } from '../../../support/batch-service-transport';
import type { FaultyServer } from '../../../support/faulty-server';
import { json, startFaultyServer } from '../../../support/faulty-server';

/**
 * The batch service's names, refusals and summaries, on a real SQLite store in a temp dir (and
 * the real client against the faulty server where a batch is run).
 */
const DOC = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    circuit: !Circuit {nqubits: 1, gates: [!RY {qubit: 0, theta: 0}]}
`;
const THETA = 'sampling_payload.sampling.circuit.gates[0].theta';
const QUBIT = 'sampling_payload.sampling.circuit.gates[0].qubit';

let dir: string;
let store: BatchStore;

const make = (path: string, values: string, name = 'Angles') =>
  createBatch(
    store,
    'p',
    'B',
    {
      text: DOC,
      sweep: { parameters: [{ path, values }], combine: 'grid' },
      name,
      deviceCode: 'sim-1',
    },
    new Date('2026-03-01T12:00:00.000Z'),
  );

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing was refused');
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-batch-service-'));
  store = await openBatchStore(batchStoreFile(dir, 'cli'), silentLogger);
  expect(store.unavailable).toBeNull();
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('uniqueBatchName', () => {
  it('trims the name, and numbers it from 2 past every name already used', () => {
    expect(uniqueBatchName('  Angles  ', new Set())).toBe('Angles');
    expect(uniqueBatchName('Angles ', new Set(['Angles']))).toBe('Angles (2)');
    expect(uniqueBatchName('Angles', new Set(['Angles', 'Angles (2)', 'Angles (3)']))).toBe(
      'Angles (4)',
    );
  });
});

describe('createBatch', () => {
  it('keeps a running batch with its members planned, the default rate and the payload type', () => {
    const batch = make(THETA, '0,1');
    expect(store.get(batch.id)).toEqual({
      id: batch.id,
      profile: 'p',
      name: 'Angles',
      deviceCode: 'sim-1',
      executeType: 'sampling',
      combine: 'grid',
      parameters: [{ path: THETA, values: [0, 1] }],
      ratePerSecond: 2,
      state: 'running',
      note: null,
      createdAt: '2026-03-01T12:00:00.000Z',
    });
    expect(store.members(batch.id).map((m) => [m.name, m.state, m.attempts, m.jobId])).toEqual([
      ['Angles [1/2]', 'planned', 0, null],
      ['Angles [2/2]', 'planned', 0, null],
    ]);
  });

  it('refuses a sweep that cannot be made, saying why, and keeps nothing', () => {
    const error = refusal(() => make('sampling_payload.nowhere', '1,2'));
    expect(error.code).toBe('invalid-payload');
    expect(error.message).toMatch(/^The sweep cannot be made: sampling_payload\.nowhere/);
    expect(store.list('p')).toEqual([]);
  });

  it('says "1 of the M payloads is not valid" for one, with the member', () => {
    const error = refusal(() => make(QUBIT, '0,3'));
    expect(error.message).toMatch(
      /^1 of the 2 payloads is not valid; nothing was sent\. The first: payload 2 \(.*qubit=3\)/,
    );
    expect(error.issues).toHaveLength(1);
    expect(error.issues?.[0]?.path).toBe('');
    expect(error.issues?.[0]?.message).toMatch(/^payload 2 \(/);
    expect(store.list('p')).toEqual([]);
  });

  it('says "N of the M payloads are not valid" for several, and lists at most 50 of them', () => {
    const several = refusal(() => make(QUBIT, '0,3,4'));
    expect(several.message).toMatch(
      /^2 of the 3 payloads are not valid; nothing was sent\. The first: payload 2 \(/,
    );
    expect(several.issues?.map((i) => i.message.slice(0, 10))).toEqual([
      'payload 2 ',
      'payload 3 ',
    ]);
    const many = refusal(() => make(QUBIT, Array.from({ length: 52 }, (_, i) => i).join(',')));
    expect(many.message).toMatch(/^51 of the 52 payloads are not valid/);
    expect(many.issues).toHaveLength(50);
    expect(store.list('p')).toEqual([]);
  });
});

describe('summaryOf and viewOf', () => {
  it('counts the members per state, a member being sent still among the planned', () => {
    const batch = make(THETA, '0,1,2,3,4,5,6');
    const states: MemberRecord['state'][] = [
      'planned',
      'sending',
      'submitted',
      'submitted',
      'unknown',
      'failed',
      'failed',
    ];
    states.forEach((state, i) =>
      store.updateMember(batch.id, i + 1, {
        state,
        jobId: state === 'submitted' ? 40 + i : null,
        error: state === 'failed' ? 'refused' : null,
      }),
    );
    const members = store.members(batch.id);
    const summary = summaryOf(store.get(batch.id)!, members);
    expect(summary).toEqual({
      id: batch.id,
      name: 'Angles',
      deviceCode: 'sim-1',
      executeType: 'sampling',
      createdAt: '2026-03-01T12:00:00.000Z',
      state: 'running',
      ratePerSecond: 2,
      combine: 'grid',
      parameters: [{ path: THETA, values: [0, 1, 2, 3, 4, 5, 6] }],
      note: null,
      counts: { total: 7, planned: 2, submitted: 2, unknown: 1, failed: 2 },
    });

    const asked: number[] = [];
    const view = viewOf(store.get(batch.id)!, members, (jobId) => {
      asked.push(jobId);
      return jobId === 42 ? 'completed' : null;
    });
    expect(view.counts).toEqual(summary.counts);
    expect(asked).toEqual([42, 43]);
    expect(view.members[2]).toEqual({
      index: 3,
      name: 'Angles [3/7]',
      values: [2],
      state: 'submitted',
      jobId: 42,
      attempts: 0,
      error: null,
      sentAt: null,
      jobStatus: 'completed',
    });
    expect(view.members.map((m) => m.jobStatus)).toEqual([
      null,
      null,
      'completed',
      null,
      null,
      null,
      null,
    ]);
    expect(view.members[5]?.error).toBe('refused');
  });
});

describe('requireBatch', () => {
  it('gives the batch of this connection, and refuses one of another connection or none', () => {
    const batch = make(THETA, '0');
    expect(requireBatch(store, batch.id, 'p')).toEqual(store.get(batch.id));
    for (const [id, profile] of [
      [batch.id, 'other'],
      ['no-such-batch', 'p'],
    ] as const) {
      const error = refusal(() => requireBatch(store, id, profile));
      expect(error.code).toBe('not-found');
      expect(error.message).toBe(`There is no batch ${id} on this connection.`);
    }
  });
});

describe('resumeRunning', () => {
  let server: FaultyServer;
  beforeEach(async () => {
    server = await startFaultyServer();
    server.route('POST', '/execute', (_r, nth) => json({ id: 100 + nth }));
  });
  afterEach(() => server.close());

  it('runs the batches of this connection left running, and only those', async () => {
    const running = make(THETA, '0', 'Running');
    const paused = make(THETA, '1', 'Paused');
    store.updateBatch(paused.id, { state: 'paused' });
    const runner = new BatchRunner({ store, transport: await serviceTransport(server) });
    resumeRunning(store, runner, 'p');
    expect(runner.isRunning(running.id)).toBe(true);
    expect(runner.isRunning(paused.id)).toBe(false);
    await runner.run(running.id);
    expect(store.members(running.id).map((m) => m.state)).toEqual(['submitted']);
    expect(store.members(paused.id).map((m) => m.state)).toEqual(['planned']);
    expect(server.count('POST', '/execute')).toBe(1);
  });
});
