import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBatch } from '../../../../src/core/batches/batch-service';
import { CLOCK_SKEW_MARGIN_MS, findSubmitted } from '../../../../src/core/batches/find-submitted';
import { batchStoreFile, openBatchStore } from '../../../../src/core/batches/open-batch-store';
import { silentLogger } from '../../../../src/core/logging/logger';

const DOC = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    circuit: !Circuit {nqubits: 1, gates: [!RY {qubit: 0, theta: 0}]}
`;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the batch store', () => {
  it('keeps a batch, its members, their payloads and states across a reopen (a restart resumes)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-batches-'));
    dirs.push(dir);
    const file = batchStoreFile(dir, 'web');
    const store = await openBatchStore(file, silentLogger);
    expect(store.unavailable).toBeNull();
    const batch = createBatch(store, 'sim:B', 'B', {
      text: DOC,
      sweep: {
        parameters: [{ path: 'sampling_payload.sampling.circuit.gates[0].theta', values: '0,pi' }],
        combine: 'grid',
      },
      name: 'Angles',
      deviceCode: 'sim.statevector',
    });
    store.updateMember(batch.id, 1, {
      state: 'submitted',
      jobId: 4,
      attempts: 1,
      sentAt: '2026-01-01T00:00:00.000Z',
    });
    store.updateMember(batch.id, 2, { state: 'sending', attempts: 1 });
    store.close();

    const again = await openBatchStore(file, silentLogger);
    expect(
      again.list('sim:B').map((b) => [b.name, b.state, b.ratePerSecond, b.executeType]),
    ).toEqual([['Angles', 'running', 2, 'sampling']]);
    expect(again.list('other')).toEqual([]);
    const members = again.members(batch.id);
    expect(members.map((m) => [m.index, m.name, m.values, m.state, m.jobId])).toEqual([
      [1, 'Angles [1/2]', [0], 'submitted', 4],
      [2, 'Angles [2/2]', [Math.PI], 'sending', null],
    ]);
    expect(members[1]!.text).toBe(DOC.replace('theta: 0}', 'theta: 3.141592653589793}'));
    // The same name again on this connection is made unique, so members find only their own jobs.
    const second = createBatch(again, 'sim:B', 'B', {
      text: DOC,
      sweep: {
        parameters: [{ path: 'sampling_payload.sampling.nshots', values: '5' }],
        combine: 'grid',
      },
      name: 'Angles',
      deviceCode: 'sim.statevector',
    });
    expect(second.name).toBe('Angles (2)');
    again.close();
  });

  it('refuses a sweep with an invalid member before keeping anything', async () => {
    const store = await openBatchStore(path.join(os.tmpdir(), 'no', '\0bad'), silentLogger);
    expect(store.unavailable).toMatch(/^Batches are kept in memory only/);
    expect(() =>
      createBatch(store, 'p', 'B', {
        text: DOC,
        sweep: {
          parameters: [{ path: 'sampling_payload.sampling.circuit.gates[0].qubit', values: '0,3' }],
          combine: 'grid',
        },
        name: 'Q',
        deviceCode: 'd',
      }),
    ).toThrow(
      /^1 of the 2 payloads is not valid; nothing was sent\. The first: payload 2 \(.*qubit=3\)/,
    );
    expect(store.list('p')).toEqual([]);
  });
});

describe('findSubmitted', () => {
  const jobs = [
    { id: 1, name: 'B [1/2]', createdAt: '2026-01-01T10:00:00Z' },
    { id: 2, name: 'B [1/2]', createdAt: '2026-01-02T10:00:00Z' },
    { id: 3, name: 'B [2/2]', createdAt: '2026-01-02T10:00:00Z' },
  ];
  it('matches the exact name, from the time the request left (less the clock margin), not a job already taken', () => {
    expect(
      findSubmitted(jobs, { name: 'B [1/2]', sentAt: '2026-01-02T10:05:00Z' }, new Set()),
    ).toBe(2);
    expect(
      findSubmitted(jobs, { name: 'B [1/2]', sentAt: '2026-01-02T11:00:00Z' }, new Set()),
    ).toBeNull();
    expect(
      findSubmitted(jobs, { name: 'B [1/2]', sentAt: '2026-01-02T10:05:00Z' }, new Set([2])),
    ).toBeNull();
    expect(findSubmitted(jobs, { name: 'B [1/', sentAt: null }, new Set())).toBeNull();
  });
});

describe('findSubmitted, at its edges', () => {
  it('takes the newest matching job whatever the list’s order', () => {
    const a = { id: 2, name: 'M', createdAt: '2026-01-02T10:00:00Z' };
    const b = { id: 5, name: 'M', createdAt: '2026-01-02T10:00:00Z' };
    const member = { name: 'M', sentAt: '2026-01-02T10:00:00Z' };
    expect(findSubmitted([a, b], member, new Set())).toBe(5);
    expect(findSubmitted([b, a], member, new Set())).toBe(5);
  });

  it('takes a job of a member never marked sent, and one created exactly at the clock margin', () => {
    const job = { id: 1, name: 'M', createdAt: '2026-01-02T10:00:00.000Z' };
    expect(findSubmitted([job], { name: 'M', sentAt: null }, new Set())).toBe(1);
    const sentAt = new Date(Date.parse(job.createdAt) + CLOCK_SKEW_MARGIN_MS).toISOString();
    expect(findSubmitted([job], { name: 'M', sentAt }, new Set())).toBe(1);
  });
});
