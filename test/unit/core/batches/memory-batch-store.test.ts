import { describe, expect, it } from 'vitest';
import type { BatchRecord, MemberRecord } from '../../../../src/core/batches/batch-store';
import { MemoryBatchStore } from '../../../../src/core/batches/batch-store';

/** The memory store (the fallback when SQLite will not load) keeps the same contract as SQLite. */
const batch = (id: string, profile: string, createdAt: string): BatchRecord => ({
  id,
  profile,
  name: id,
  deviceCode: 'd',
  executeType: 'sampling',
  combine: 'grid',
  parameters: [{ path: 'a', values: [1] }],
  ratePerSecond: 2,
  state: 'running',
  note: null,
  createdAt,
});
const member = (batchId: string, index: number): MemberRecord => ({
  batchId,
  index,
  name: `${batchId} [${index}]`,
  values: [index],
  text: 't',
  state: 'planned',
  jobId: null,
  attempts: 0,
  error: null,
  sentAt: null,
});

describe('the memory batch store', () => {
  it('lists the batches of one connection, newest first, as copies', () => {
    const store = new MemoryBatchStore('why');
    expect(store.unavailable).toBe('why');
    store.create(batch('old', 'p', '2026-01-01T00:00:00Z'), []);
    store.create(batch('other', 'q', '2026-01-02T00:00:00Z'), []);
    store.create(batch('new', 'p', '2026-01-03T00:00:00Z'), []);
    store.create(batch('mid', 'p', '2026-01-02T00:00:00Z'), []);
    expect(store.list('p').map((b) => b.id)).toEqual(['new', 'mid', 'old']);
    expect(store.list('p')[0]).toEqual(batch('new', 'p', '2026-01-03T00:00:00Z'));
    store.list('p')[0]!.state = 'done';
    store.get('new')!.note = 'changed';
    expect(store.get('new')).toMatchObject({ state: 'running', note: null });
    expect(store.get('none')).toBeNull();
  });

  it('patches a batch and a member, and ignores a patch of one it does not have', () => {
    const store = new MemoryBatchStore();
    store.create(batch('b', 'p', '2026-01-01T00:00:00Z'), [member('b', 1), member('b', 2)]);
    store.updateBatch('b', { state: 'paused', note: 'n' });
    store.updateMember('b', 2, { state: 'submitted', jobId: 4 });
    expect(store.get('b')).toMatchObject({ state: 'paused', note: 'n' });
    expect(store.members('b')).toEqual([
      member('b', 1),
      { ...member('b', 2), state: 'submitted', jobId: 4 },
    ]);
    store.members('b')[0]!.state = 'failed';
    expect(store.members('b')[0]?.state).toBe('planned');
    expect(() => store.updateBatch('none', { state: 'done' })).not.toThrow();
    expect(() => store.updateMember('none', 1, { state: 'failed' })).not.toThrow();
    expect(() => store.updateMember('b', 9, { state: 'failed' })).not.toThrow();
    expect(store.members('none')).toEqual([]);
  });
});
