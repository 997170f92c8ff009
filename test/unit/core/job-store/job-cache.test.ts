import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobDetail, JobInfo } from '../../../../src/shared/variants';
import type { JobCache } from '../../../../src/core/job-store';
import {
  MemoryJobCache,
  SqliteJobCache,
  loadSqlite,
  openJobCache,
} from '../../../../src/core/job-store';
import { silentLogger } from '../../../../src/core/logging/logger';

const P = 'simulator-b:B';
const job = (id: number, extra: Partial<JobInfo> = {}): JobInfo => ({
  id,
  name: `job ${id}`,
  description: '',
  device_id: 1,
  status: 'running',
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: null,
  completed_at: null,
  ...extra,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qjob-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const kinds: [string, () => Promise<JobCache>][] = [
  ['sqlite', async () => new SqliteJobCache(await loadSqlite(), path.join(dir, 'jobs.sqlite'))],
  ['memory', async () => new MemoryJobCache('no SQLite in this test')],
];

describe.each(kinds)('%s job store', (_kind, open) => {
  it('keeps records per profile, newest first, with unknown fields', async () => {
    const cache = await open();
    cache.upsertRecords(
      P,
      [job(1), job(3, { extra: 'kept' } as Partial<JobInfo>), job(2)],
      '2026-01-01T10:00:01Z',
      'list',
    );
    cache.upsertRecords('other:B', [job(9)], '2026-01-01T10:00:01Z', 'list');
    const list = cache.listRecords(P);
    expect(list.map((j) => j.id)).toEqual([3, 2, 1]);
    expect((list[0] as Record<string, unknown>).extra).toBe('kept');
    expect(cache.listRecords('other:B').map((j) => j.id)).toEqual([9]);
    cache.close();
  });

  it('updates a record the service changed and records the change in the timeline', async () => {
    const cache = await open();
    cache.upsertRecords(P, [job(1, { status: 'queued' })], '2026-01-01T10:00:01Z', 'list');
    const changes = cache.upsertRecords(
      P,
      [job(1, { status: 'completed', completed_at: '2026-01-01T10:05:00Z' })],
      '2026-01-01T10:05:01Z',
      'list',
    );
    expect(changes).toEqual([{ id: 1, from: 'queued', to: 'completed' }]);
    expect(cache.getRecord(P, 1)?.status).toBe('completed');
    expect(cache.timeline(P, 1).map((t) => t.status)).toEqual(['queued', 'completed']);
    // The same answer again changes nothing.
    expect(
      cache.upsertRecords(
        P,
        [job(1, { status: 'completed', completed_at: '2026-01-01T10:05:00Z' })],
        'x',
        'list',
      ),
    ).toEqual([]);
    cache.close();
  });

  it('lists each status change once, whoever saw it first (the watcher, then the list)', async () => {
    const cache = await open();
    // A job just submitted: the watcher sees it before the list has it (no record yet).
    expect(cache.observe(P, 4, 'validating', 't1', 'watch')).toBe(true);
    cache.upsertRecords(P, [job(4, { status: 'validating' })], 't2', 'list');
    cache.observe(P, 4, 'running', 't3', 'watch');
    cache.upsertRecords(P, [job(4, { status: 'running' })], 't4', 'lookup');
    cache.putDetail(
      P,
      { detail: job(4, { status: 'running' }), problems: [], fetchedAt: 't5' },
      'detail',
    );
    expect(cache.timeline(P, 4).map((t) => [t.status, t.source])).toEqual([
      ['validating', 'watch'],
      ['running', 'watch'],
    ]);
    expect(cache.getRecord(P, 4)?.status).toBe('running');
    cache.close();
  });

  it('keeps a status learnt by lookup for records without one, until the record moves', async () => {
    const cache = await open();
    const a = job(5, { status: undefined });
    cache.upsertRecords(P, [a], 't1', 'list');
    expect(cache.getRecord(P, 5)?.status).toBeNull();
    cache.upsertRecords(P, [{ ...a, status: 'running' }], 't2', 'lookup');
    cache.upsertRecords(P, [a], 't3', 'list');
    expect(cache.getRecord(P, 5)?.status).toBe('running');
    // It moved (completed_at set): the old status can no longer be trusted.
    cache.upsertRecords(P, [{ ...a, completed_at: '2026-01-01T11:00:00Z' }], 't4', 'list');
    expect(cache.getRecord(P, 5)?.status).toBeNull();
    cache.close();
  });

  it('keeps details and serves them with the latest status', async () => {
    const cache = await open();
    const detail: JobDetail = {
      ...job(7, { status: 'running' }),
      logs: 'line 1\nline 2',
      payload: null,
      result: null,
      jobType: 'digital' as JobDetail['jobType'],
    };
    cache.putDetail(
      P,
      {
        detail,
        problems: [{ field: 'result', code: 'invalid_base64', message: 'bad', raw: '!!' }],
        fetchedAt: 't',
      },
      'detail',
    );
    cache.observe(P, 7, 'completed', '2026-01-01T10:09:00Z', 'watch');
    const kept = cache.getDetail(P, 7);
    expect(kept?.detail.logs).toBe('line 1\nline 2');
    expect(kept?.detail.status).toBe('completed');
    expect(kept?.problems[0]?.raw).toBe('!!');
    // The list learns the job type from the detail (Variant B lists do not carry it).
    expect((cache.listRecords(P)[0] as Record<string, unknown>).jobType).toBe('digital');
    expect(cache.observe(P, 7, 'completed', 'later', 'watch')).toBe(false);
    cache.close();
  });
});

describe('SQLite job store', () => {
  it('uses WAL and the indexes the monitor queries by', async () => {
    const file = path.join(dir, 'jobs.sqlite');
    new SqliteJobCache(await loadSqlite(), file).close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const indexes = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]
    ).map((r) => r.name);
    expect(indexes).toEqual(
      expect.arrayContaining(['jobs_by_status', 'jobs_by_created', 'timeline_by_job']),
    );
    const pk = db.prepare('PRAGMA index_list(jobs)').all() as { origin: string }[];
    expect(pk.some((i) => i.origin === 'pk')).toBe(true);
    db.close();
  });

  it('survives a restart', async () => {
    const file = path.join(dir, 'jobs.sqlite');
    const first = new SqliteJobCache(await loadSqlite(), file);
    first.upsertRecords(P, [job(1)], 't', 'list');
    first.close();
    const again = new SqliteJobCache(await loadSqlite(), file);
    expect(again.listRecords(P).map((j) => j.id)).toEqual([1]);
    again.close();
  });

  it('reports and leaves out rows an older version or a damaged file left, never crashing or mistyping', async () => {
    const file = path.join(dir, 'jobs.sqlite');
    const first = new SqliteJobCache(await loadSqlite(), file);
    first.upsertRecords(
      P,
      [1, 2, 3, 4, 5, 6].map((id) => job(id)),
      't',
      'list',
    );
    const detail = { ...job(1), logs: 'kept', payload: null, result: null } as JobDetail;
    first.putDetail(P, { detail, problems: [], fetchedAt: 't' }, 'detail');
    first.putDetail(P, { detail: { ...detail, id: 2 }, problems: [], fetchedAt: 't' }, 'detail');
    first.putDetail(P, { detail: { ...detail, id: 3 }, problems: [], fetchedAt: 't' }, 'detail');
    first.close();

    const raw = new Database(file);
    raw.prepare("UPDATE jobs SET status = 'exploded' WHERE id = 2").run();
    raw.prepare("UPDATE jobs SET extra = '{not json' WHERE id = 3").run();
    raw.prepare("UPDATE jobs SET device_id = 'one' WHERE id = 4").run();
    raw.prepare("UPDATE jobs SET extra = '[1, 2]' WHERE id = 5").run();
    raw.prepare('UPDATE details SET detail = \'{"id": "x"}\' WHERE id = 1').run();
    raw.prepare("UPDATE details SET problems = 'nope' WHERE id = 2").run();
    raw.prepare("UPDATE details SET detail = '{' WHERE id = 3").run();
    raw.prepare("UPDATE timeline SET status = 'exploded' WHERE job_id = 6").run();
    raw.close();

    const problems: string[] = [];
    const cache = new SqliteJobCache(await loadSqlite(), file, {
      onProblem: (m) => problems.push(m),
    });
    const list = cache.listRecords(P);
    expect(list.map((j) => j.id)).toEqual([6, 1]);
    expect(list.every((j) => typeof j.device_id === 'number')).toBe(true);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /4 unreadable job records \(job 5: extra: not a JSON object; job 4: device_id: .+; job 3: extra: not JSON; …\)/,
    );

    expect(cache.getRecord(P, 2)).toBeNull();
    expect(problems.at(-1)).toMatch(/stored record of job 2 could not be read \(status: /);
    for (const [id, why] of [
      [1, /detail: id: /],
      [2, /problems: not JSON/],
      [3, /detail: not JSON/],
    ] as const) {
      expect(cache.getDetail(P, id)).toBeNull();
      expect(problems.at(-1)).toMatch(why);
    }
    expect(cache.timeline(P, 6)).toEqual([]);
    expect(problems.at(-1)).toMatch(/1 unreadable timeline entry for job 6/);

    // The service's next answer replaces what could not be read.
    cache.upsertRecords(P, [job(2, { status: 'completed' }), job(4)], 't2', 'list');
    expect(cache.getRecord(P, 2)?.status).toBe('completed');
    expect(cache.listRecords(P).map((j) => j.id)).toEqual([6, 4, 2, 1]);
    cache.close();
  });

  // How fast, is bench/cache.bench.ts's question; this one checks every record comes back.
  it('keeps and lists 100,000 records, newest first', async () => {
    const cache = new SqliteJobCache(await loadSqlite(), path.join(dir, 'jobs.sqlite'));
    const many = Array.from({ length: 100_000 }, (_, i) =>
      job(i + 1, { status: i % 3 ? 'completed' : 'error' }),
    );
    cache.upsertRecords(P, many, 't', 'list');
    const list = cache.listRecords(P);
    expect(list).toHaveLength(100_000);
    expect(list[0]).toMatchObject({ id: 100_000, status: 'error' });
    expect(list.at(-1)).toMatchObject({ id: 1, status: 'error' });
    cache.close();
  }, 60_000);
});

describe('SQLite job store refresh (mergeList)', () => {
  const sqlite = async (file = path.join(dir, 'jobs.sqlite')) =>
    new SqliteJobCache(await loadSqlite(), file);
  const seenAt = (file: string) => {
    const db = new Database(file, { readonly: true });
    const rows = db.prepare('SELECT id, seen_at FROM jobs ORDER BY id').all() as {
      id: number;
      seen_at: string;
    }[];
    db.close();
    return Object.fromEntries(rows.map((r) => [r.id, r.seen_at]));
  };

  it('answers and writes what upsertRecords and listRecords did, step for step', async () => {
    // The memory store merges by reading everything: the reference for the SQLite shortcuts.
    const store = await sqlite();
    const reference = new MemoryJobCache(null);
    const a = (id: number, extra: Partial<JobInfo> = {}) =>
      job(id, { status: undefined, ...extra });
    const steps: [string, (c: JobCache) => unknown][] = [
      ['first list', (c) => c.mergeList(P, [job(1), job(2), a(3), a(4)], 't1')],
      ['the same list', (c) => c.mergeList(P, [job(1), job(2), a(3), a(4)], 't2')],
      [
        'a lookup learns 3',
        (c) => c.upsertRecords(P, [{ ...a(3), status: 'running' }], 't3', 'lookup'),
      ],
      [
        'a detail tells a job type',
        (c) =>
          c.putDetail(
            P,
            { detail: { ...job(2), jobType: 'digital', logs: 'x' }, problems: [], fetchedAt: 't4' },
            'detail',
          ),
      ],
      ['the watcher sees 1 end', (c) => c.observe(P, 1, 'completed', 't5', 'watch')],
      ['the list, unchanged, again', (c) => c.mergeList(P, [job(1), job(2), a(3), a(4)], 't6')],
      [
        '4 moved, 5 is new, 2 is not listed, an unknown field',
        (c) =>
          c.mergeList(
            P,
            [
              job(5, { unknown: [1] } as Partial<JobInfo>),
              job(1),
              a(3),
              a(4, { updated_at: '2026-01-01T11:00:00Z' }),
            ],
            't7',
          ),
      ],
      [
        'a job twice in one answer',
        (c) => c.mergeList(P, [job(6, { status: 'queued' }), job(6, { status: 'running' })], 't8'),
      ],
      [
        'a lookup learns 4, then the list moves it',
        (c) => [
          c.upsertRecords(
            P,
            [{ ...a(4, { updated_at: '2026-01-01T11:00:00Z' }), status: 'running' }],
            't9',
            'lookup',
          ),
          c.mergeList(P, [a(4, { completed_at: '2026-01-01T12:00:00Z' })], 't10'),
        ],
      ],
      ['the service lists nothing', (c) => c.mergeList(P, [], 't11')],
    ];
    for (const [step, run] of steps) {
      expect({ step, answer: run(store) }).toEqual({ step, answer: run(reference) });
      expect({ step, list: store.listRecords(P) }).toEqual({
        step,
        list: reference.listRecords(P),
      });
    }
    for (const id of [1, 2, 3, 4, 5, 6])
      expect(store.timeline(P, id)).toEqual(reference.timeline(P, id));
    store.close();
  });

  it('writes nothing for an unchanged refresh and only the changed rows otherwise', async () => {
    const file = path.join(dir, 'jobs.sqlite');
    const store = await sqlite(file);
    const list = [1, 2, 3].map((id) => job(id));
    store.mergeList(P, list, 't1');
    expect(store.mergeList(P, list, 't2').changes).toEqual([]);
    expect(seenAt(file)).toEqual({ 1: 't1', 2: 't1', 3: 't1' });
    const moved = store.mergeList(P, [job(1), job(2, { status: 'completed' }), job(3)], 't3');
    expect(moved.changes).toEqual([{ id: 2, from: 'running', to: 'completed' }]);
    expect(seenAt(file)).toEqual({ 1: 't1', 2: 't3', 3: 't1' });
    store.close();
  });

  it('lets the service overwrite what changed a row behind its back (the watcher, a hand edit)', async () => {
    const file = path.join(dir, 'jobs.sqlite');
    const store = await sqlite(file);
    const list = [1, 2].map((id) => job(id));
    store.mergeList(P, list, 't1');
    store.observe(P, 1, 'completed', 't2', 'watch');
    const raw = new Database(file);
    raw.prepare("UPDATE jobs SET device_id = 'one' WHERE id = 2").run();
    raw.close();
    // Both rows are read and merged again, not skipped by their fingerprints: the service still
    // says running of job 1, which the watcher saw completed (a move back, noted and not taken).
    const answer = store.mergeList(P, list, 't3');
    expect(answer.jobs).toEqual([
      expect.objectContaining({ id: 2, device_id: 1, status: 'running' }),
      expect.objectContaining({ id: 1, status: 'completed' }),
    ]);
    expect(store.timeline(P, 1).at(-1)).toEqual({
      status: 'running',
      at: 't3',
      source: 'list',
      anomaly: { kept: 'completed' },
    });
    // An unreadable row is as good as none: its record comes back as new.
    expect(answer.changes).toEqual([{ id: 2, from: null, to: 'running' }]);
    expect(store.listRecords(P)).toEqual(answer.jobs);
    store.close();
  });

  it('reports unreadable rows the service no longer lists, and leaves them out', async () => {
    const file = path.join(dir, 'jobs.sqlite');
    const problems: string[] = [];
    const store = new SqliteJobCache(await loadSqlite(), file, {
      onProblem: (m) => problems.push(m),
    });
    store.mergeList(P, [job(1), job(2), job(3)], 't1');
    const raw = new Database(file);
    raw.prepare("UPDATE jobs SET extra = '{not json' WHERE id IN (1, 3)").run();
    raw.close();
    const answer = store.mergeList(P, [job(3)], 't2');
    expect(answer.jobs.map((j) => j.id)).toEqual([3, 2]);
    expect(problems).toEqual([
      expect.stringMatching(/1 unreadable job record \(job 1: extra: not JSON\)/),
    ]);
    store.close();
  });

  it('upgrades a store written before fingerprints, then refreshes it without rewriting', async () => {
    const file = path.join(dir, 'jobs.sqlite');
    const v1 = new Database(file);
    v1.exec(`
      CREATE TABLE jobs (profile TEXT NOT NULL, id INTEGER NOT NULL, status TEXT, job_type TEXT,
        name TEXT NOT NULL, description TEXT NOT NULL, device_id INTEGER NOT NULL,
        created_at TEXT NOT NULL, updated_at TEXT, completed_at TEXT, message TEXT, extra TEXT,
        seen_at TEXT NOT NULL, PRIMARY KEY (profile, id)) WITHOUT ROWID;
      CREATE INDEX jobs_by_status ON jobs (profile, status);
      CREATE INDEX jobs_by_created ON jobs (profile, created_at);
      CREATE TABLE details (profile TEXT NOT NULL, id INTEGER NOT NULL, detail TEXT NOT NULL,
        problems TEXT NOT NULL, fetched_at TEXT NOT NULL, PRIMARY KEY (profile, id));
      CREATE TABLE timeline (profile TEXT NOT NULL, job_id INTEGER NOT NULL, status TEXT NOT NULL,
        at TEXT NOT NULL, source TEXT NOT NULL);
      CREATE INDEX timeline_by_job ON timeline (profile, job_id);
      INSERT INTO jobs VALUES ('${P}', 1, 'running', 'digital', 'job 1', '', 1,
        '2026-01-01T10:00:00.000Z', NULL, NULL, NULL, NULL, 't0');
      PRAGMA user_version = 1;
    `);
    v1.close();
    const store = await sqlite(file);
    expect(store.listRecords(P)).toEqual([expect.objectContaining({ id: 1, jobType: 'digital' })]);
    const first = store.mergeList(P, [job(1)], 't1');
    expect(first.changes).toEqual([]);
    expect(first.jobs).toEqual([expect.objectContaining({ id: 1, jobType: 'digital' })]);
    store.mergeList(P, [job(1)], 't2');
    // Same facts: the row kept its seen_at; only the fingerprint was added.
    expect(seenAt(file)).toEqual({ 1: 't0' });
    store.close();
  });
});

describe('openJobCache', () => {
  it('falls back to memory with a reason when the file cannot be opened', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    writeFileSync(blocker, 'x');
    const cache = await openJobCache(path.join(blocker, 'jobs.sqlite'), silentLogger);
    expect(cache.status.persistent).toBe(false);
    expect(cache.status.message).toMatch(/could not be opened/);
    cache.upsertRecords(P, [job(1)], 't', 'list');
    expect(cache.listRecords(P)).toHaveLength(1);
  });
});
