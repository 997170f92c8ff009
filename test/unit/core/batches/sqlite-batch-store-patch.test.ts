import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchRecord, MemberRecord } from '../../../../src/core/batches/batch-store';
import { batchStoreFile, openBatchStore } from '../../../../src/core/batches/open-batch-store';
import { SqliteBatchStore } from '../../../../src/core/batches/sqlite-batch-store';
import type { DatabaseConstructor } from '../../../../src/core/job-store/sqlite-loader';
import { loadSqlite } from '../../../../src/core/job-store/sqlite-loader';
import { silentLogger } from '../../../../src/core/logging/logger';

/**
 * The SQLite batch store writes each column a patch names, leaves every other as it was, and
 * reads it all back after a reopen; a row it cannot read is skipped, not returned half-read.
 */
let Sqlite: DatabaseConstructor;
let dir: string;
let file: string;

const BATCH: BatchRecord = {
  id: 'b1',
  profile: 'p',
  name: 'Angles',
  deviceCode: 'sim-1',
  executeType: 'sampling',
  combine: 'zip',
  parameters: [{ path: 'a.b', values: [0, 0.5] }],
  ratePerSecond: 4,
  state: 'running',
  note: 'first note',
  createdAt: '2026-03-01T12:00:00.000Z',
};
/** Member 1 as planned (every nullable column null), member 2 with every column set. */
const member = (index: 1 | 2): MemberRecord => ({
  batchId: 'b1',
  index,
  name: `Angles [${index}/2]`,
  values: [index / 2],
  text: `text ${index}`,
  ...(index === 1
    ? { state: 'planned', jobId: null, attempts: 0, error: null, sentAt: null }
    : {
        state: 'unknown',
        jobId: 5,
        attempts: 2,
        error: 'no answer',
        sentAt: '2026-03-01T11:00:00.000Z',
      }),
});

/** Opens the file, does `act` with the store, closes it, and gives what a fresh open reads. */
function afterReopen(act: (store: SqliteBatchStore) => void) {
  const store = new SqliteBatchStore(Sqlite, file);
  act(store);
  store.close();
  const again = new SqliteBatchStore(Sqlite, file);
  const read = { batch: again.get('b1'), members: again.members('b1') };
  again.close();
  return read;
}

beforeEach(async () => {
  Sqlite = await loadSqlite();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-batch-sqlite-'));
  file = path.join(dir, 'batches.sqlite');
  afterReopen((s) => s.create(BATCH, [member(1), member(2)]));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the SQLite batch store', () => {
  it('reads back the batch and members as created, and null for a batch it does not have', () => {
    const read = afterReopen(() => undefined);
    expect(read.batch).toEqual(BATCH);
    expect(read.members).toEqual([member(1), member(2)]);
    const store = new SqliteBatchStore(Sqlite, file);
    expect(store.get('nope')).toBeNull();
    expect(store.members('nope')).toEqual([]);
    store.close();
  });

  it('writes the batch state alone, leaving the note', () => {
    expect(afterReopen((s) => s.updateBatch('b1', { state: 'paused' })).batch).toEqual({
      ...BATCH,
      state: 'paused',
    });
  });

  it('writes the batch note alone (also null), leaving the state', () => {
    expect(afterReopen((s) => s.updateBatch('b1', { note: 'second' })).batch).toEqual({
      ...BATCH,
      note: 'second',
    });
    expect(afterReopen((s) => s.updateBatch('b1', { note: null })).batch).toEqual({
      ...BATCH,
      note: null,
    });
  });

  const patches: [string, Parameters<SqliteBatchStore['updateMember']>[2]][] = [
    ['state', { state: 'sending' }],
    ['jobId', { jobId: 12 }],
    ['attempts', { attempts: 3 }],
    ['error', { error: 'refused' }],
    ['sentAt', { sentAt: '2026-03-01T12:00:01.000Z' }],
  ];
  it.each(patches)(
    'writes the member’s %s alone, leaving every other column and member',
    (_, patch) => {
      for (const index of [1, 2] as const) {
        const read = afterReopen((s) => s.updateMember('b1', index, patch));
        expect(read.members[index - 1]).toEqual({ ...member(index), ...patch });
        expect(read.members[2 - index]).toEqual(member(index === 1 ? 2 : 1));
        expect(read.batch).toEqual(BATCH);
        afterReopen((s) => s.updateMember('b1', index, member(index)));
      }
    },
  );

  it('writes several member columns at once, and back to null', () => {
    const set = {
      state: 'submitted',
      jobId: 9,
      attempts: 1,
      error: 'x',
      sentAt: '2026-03-01T12:00:02.000Z',
    } as const;
    expect(afterReopen((s) => s.updateMember('b1', 1, set)).members[0]).toEqual({
      ...member(1),
      ...set,
    });
    const cleared = { jobId: null, error: null, sentAt: null };
    expect(afterReopen((s) => s.updateMember('b1', 1, cleared)).members[0]).toEqual({
      ...member(1),
      ...set,
      ...cleared,
    });
  });

  it('takes an empty patch as nothing to write', () => {
    const read = afterReopen((s) => {
      s.updateMember('b1', 1, {});
      s.updateBatch('b1', {});
    });
    expect(read).toEqual({ batch: BATCH, members: [member(1), member(2)] });
  });

  it('skips a row it cannot read instead of returning it half-read', () => {
    const db = new Sqlite(file);
    db.prepare("UPDATE members SET state = 'lost' WHERE idx = 2").run();
    db.prepare(
      `INSERT INTO batches SELECT 'b2', profile, name, device_code, execute_type, combine, parameters, rate, 'gone', note, created_at FROM batches`,
    ).run();
    db.prepare(
      `INSERT INTO batches SELECT 'b3', profile, name, device_code, execute_type, combine, '{"path":1}', rate, state, note, created_at FROM batches WHERE id = 'b1'`,
    ).run();
    db.close();
    const store = new SqliteBatchStore(Sqlite, file);
    expect(store.members('b1')).toEqual([member(1)]);
    expect(store.get('b2')).toBeNull();
    expect(store.get('b3')).toBeNull();
    expect(store.list('p').map((b) => b.id)).toEqual(['b1']);
    store.close();
  });

  it('closes its file: the write-ahead log is folded back in', () => {
    const store = new SqliteBatchStore(Sqlite, file);
    store.updateBatch('b1', { note: 'n' });
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    store.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('refuses a file written by a newer version, and the app keeps batches in memory then', async () => {
    const db = new Sqlite(file);
    db.pragma('user_version = 2');
    db.close();
    expect(() => new SqliteBatchStore(Sqlite, file)).toThrow(
      'the batch store was written by a newer version of the app (schema 2)',
    );
    const store = await openBatchStore(file, silentLogger);
    expect(store.unavailable).toMatch(/^Batches are kept in memory only/);
    store.close();
    // The newer app's batches are left for it.
    expect(fs.existsSync(file)).toBe(true);
  });

  it('lives beside the job store, one file per shell', () => {
    expect(batchStoreFile('/data', 'web')).toBe(path.join('/data', 'cache', 'batches-web.sqlite'));
    expect(batchStoreFile('/data', 'cli')).toBe(path.join('/data', 'cache', 'batches-cli.sqlite'));
  });
});
