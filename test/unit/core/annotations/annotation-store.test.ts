import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobCache } from '../../../../src/core/job-store';
import {
  MemoryJobCache,
  SqliteJobCache,
  loadSqlite,
  openJobCache,
} from '../../../../src/core/job-store';
import { AnnotationsNotKeptError, TooManyTagsError } from '../../../../src/core/annotations/types';
import { silentLogger } from '../../../../src/core/logging/logger';
import type { SubmissionRecord } from '../../../../src/core/annotations/types';
import { tagListSchema, tagProblem } from '../../../../src/shared/annotations';

const P = 'simulator-b:B';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qjob-notes-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = () => path.join(dir, 'jobs.sqlite');
const kinds: [string, () => Promise<JobCache>][] = [
  ['sqlite', async () => new SqliteJobCache(await loadSqlite(), file())],
  ['memory', async () => new MemoryJobCache(null)],
];

const submission = (jobId: number, extra: Partial<SubmissionRecord> = {}): SubmissionRecord => ({
  jobId,
  payloadText: 'sampling: !Sampling\n  shots: 10 # as typed\n',
  deviceCode: 'sim-1',
  device: {
    code: 'sim-1',
    id: 3,
    nqubits: 2,
    name: 'Sim',
    description: '',
    type: 'simulator',
    status: 'online',
  },
  deviceSeenAt: '2026-01-01T10:00:00.000Z',
  origin: null,
  submittedAt: '2026-01-01T10:00:01.000Z',
  ...extra,
});

describe.each(kinds)('%s annotations', (_kind, open) => {
  it('adds and removes tags per profile and job, sorted, and indexes them', async () => {
    const { annotations: a } = await open();
    expect(a.changeTags(P, 5, { add: ['calib', 'bell', 'calib'] })).toEqual(['bell', 'calib']);
    a.changeTags(P, 7, { add: ['calib'] });
    a.changeTags('other:B', 5, { add: ['elsewhere'] });
    expect(a.changeTags(P, 5, { remove: ['bell'] })).toEqual(['calib']);
    expect([...a.tagIndex(P)]).toEqual([
      [5, ['calib']],
      [7, ['calib']],
    ]);
    expect(a.annotations(P, 5).tags).toEqual(['calib']);
    expect(a.annotations('other:B', 5).tags).toEqual(['elsewhere']);
  });

  it('refuses a 21st tag and keeps the 20 it had', async () => {
    const { annotations: a } = await open();
    const twenty = Array.from({ length: 20 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    a.changeTags(P, 1, { add: twenty });
    expect(() => a.changeTags(P, 1, { add: ['one-more'] })).toThrow(TooManyTagsError);
    expect(a.annotations(P, 1).tags).toEqual(twenty);
  });

  it('sets, replaces and removes a note', async () => {
    const { annotations: a } = await open();
    a.setNote(P, 2, 'first', '2026-01-01T00:00:00.000Z');
    a.setNote(P, 2, 'second', '2026-01-02T00:00:00.000Z');
    expect(a.annotations(P, 2)).toMatchObject({
      note: 'second',
      noteUpdatedAt: '2026-01-02T00:00:00.000Z',
    });
    a.setNote(P, 2, '', '2026-01-03T00:00:00.000Z');
    expect(a.annotations(P, 2)).toMatchObject({ note: '', noteUpdatedAt: null });
  });

  it('indexes the notes of a profile, for the search (issue 25)', async () => {
    const { annotations: a } = await open();
    a.setNote(P, 9, 'drifted after the fridge warm-up', '2026-01-01T00:00:00.000Z');
    a.setNote(P, 3, 'baseline', '2026-01-01T00:00:00.000Z');
    a.setNote('other:B', 4, 'elsewhere', '2026-01-01T00:00:00.000Z');
    a.setNote(P, 5, 'gone', '2026-01-01T00:00:00.000Z');
    a.setNote(P, 5, '', '2026-01-02T00:00:00.000Z');
    expect([...a.noteIndex(P)].sort((x, y) => x[0] - y[0])).toEqual([
      [3, 'baseline'],
      [9, 'drifted after the fridge warm-up'],
    ]);
  });

  it('links a rerun both ways and keeps the submitted text byte for byte', async () => {
    const { annotations: a } = await open();
    a.recordSubmission(P, submission(12));
    a.recordSubmission(P, submission(15, { origin: { kind: 'rerun', jobId: 12 } }));
    a.recordSubmission(P, submission(16, { origin: { kind: 'rerun', jobId: 12 } }));
    a.recordSubmission(
      P,
      submission(17, { origin: { kind: 'bundle', jobId: 12, file: 'x.qjob.json' } }),
    );
    expect(a.annotations(P, 12)).toMatchObject({
      origin: null,
      reruns: [15, 16],
      payloadKept: true,
    });
    expect(a.annotations(P, 15).origin).toEqual({ kind: 'rerun', jobId: 12 });
    expect(a.annotations(P, 17).origin).toEqual({ kind: 'bundle', jobId: 12, file: 'x.qjob.json' });
    expect(a.submission(P, 12)).toEqual(submission(12));
    expect(a.annotations(P, 99)).toMatchObject({ payloadKept: false, reruns: [], tags: [] });
  });
});

describe('annotations in the SQLite file', () => {
  it('survive reopening, and an older file (schema 2) is upgraded with its jobs kept', async () => {
    const Sqlite = await loadSqlite();
    const old = new Database(file());
    old.exec(`CREATE TABLE jobs (profile TEXT NOT NULL, id INTEGER NOT NULL, status TEXT, job_type TEXT,
      name TEXT NOT NULL, description TEXT NOT NULL, device_id INTEGER NOT NULL, created_at TEXT NOT NULL,
      updated_at TEXT, completed_at TEXT, message TEXT, extra TEXT, seen_at TEXT NOT NULL,
      fp INTEGER, learnt INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (profile, id)) WITHOUT ROWID;
      CREATE TABLE details (profile TEXT NOT NULL, id INTEGER NOT NULL, detail TEXT NOT NULL,
      problems TEXT NOT NULL, fetched_at TEXT NOT NULL, PRIMARY KEY (profile, id));
      CREATE TABLE timeline (profile TEXT NOT NULL, job_id INTEGER NOT NULL, status TEXT NOT NULL,
      at TEXT NOT NULL, source TEXT NOT NULL);
      INSERT INTO jobs VALUES ('${P}', 4, 'completed', NULL, 'kept', '', 1, '2026-01-01T00:00:00Z',
      NULL, NULL, NULL, NULL, '2026-01-01T00:00:00Z', NULL, 0);
      PRAGMA user_version = 2;`);
    old.close();
    const cache = new SqliteJobCache(Sqlite, file());
    expect(cache.getRecord(P, 4)?.name).toBe('kept');
    cache.annotations.changeTags(P, 4, { add: ['calib'] });
    cache.annotations.recordSubmission(P, submission(4));
    cache.close();
    const again = new SqliteJobCache(Sqlite, file());
    expect(again.annotations.annotations(P, 4)).toMatchObject({
      tags: ['calib'],
      payloadKept: true,
    });
    again.close();
  });

  it('reads a damaged device or origin as unknown instead of trusting it', async () => {
    const cache = new SqliteJobCache(await loadSqlite(), file());
    cache.annotations.recordSubmission(P, submission(8, { origin: { kind: 'rerun', jobId: 2 } }));
    cache.close();
    const db = new Database(file());
    db.exec(`UPDATE submissions SET device = '{"code": 5}', origin = 'not json'`);
    db.close();
    const again = new SqliteJobCache(await loadSqlite(), file());
    expect(again.annotations.submission(P, 8)).toMatchObject({ device: null, origin: null });
    again.close();
  });
});

describe('tags and notes that cannot be kept', () => {
  // They live only in the local job store: a write that fails is an error, never an answer as
  // if it had worked (issue 28, item 11; the real full disk: test/integration/cli/disk-full-notes).
  it('are refused when the store could not be opened and lives in memory', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    writeFileSync(blocker, 'x');
    const cache = await openJobCache(path.join(blocker, 'jobs.sqlite'), silentLogger);
    expect(cache.status.persistent).toBe(false);
    const a = cache.annotations;
    expect(() => a.changeTags(P, 5, { add: ['lost1'] })).toThrow(AnnotationsNotKeptError);
    expect(() => a.setNote(P, 5, 'lost', '2026-01-01T00:00:00.000Z')).toThrow(
      /^Nothing was changed: tags and notes are kept only in the local job store, and it is not open\. The local job store \(.*\) could not be opened/,
    );
    expect(a.annotations(P, 5)).toMatchObject({ tags: [], note: '' });
  });

  it('are refused, the store unchanged, when SQLite cannot write its file', async () => {
    const cache = new SqliteJobCache(await loadSqlite(), file());
    const a = cache.annotations;
    a.changeTags(P, 5, { add: ['kept1'] });
    a.setNote(P, 5, 'kept', '2026-01-01T00:00:00.000Z');
    // What a read-only file or folder answers to every write.
    cache.database.pragma('query_only = ON');
    expect(() => a.changeTags(P, 5, { add: ['lost1'] })).toThrow(
      'Nothing was changed: the tags of job 5 could not be saved in the local job store: the disk is read-only (SQLITE_READONLY).',
    );
    expect(() => a.setNote(P, 5, 'lost', '2026-01-02T00:00:00.000Z')).toThrow(
      AnnotationsNotKeptError,
    );
    expect(a.annotations(P, 5)).toMatchObject({ tags: ['kept1'], note: 'kept' });
    cache.close();
  });
});

describe('tag rules', () => {
  it('keeps tags in lower case and says what is wrong with a bad one', () => {
    expect(tagListSchema.parse(['Calib', ' T1/q0 '])).toEqual(['calib', 't1/q0']);
    expect(tagProblem('')).toBe("'': a tag cannot be empty");
    expect(tagProblem('a b')).toMatch(/^'a b': a tag starts with a letter or digit/);
    expect(tagProblem('tag:x')).not.toBeNull();
    expect(tagProblem('-x')).not.toBeNull();
    expect(tagProblem('x'.repeat(41))).toContain('at most 40 characters');
    expect(tagProblem('Größe-2')).toBeNull();
    expect(tagListSchema.safeParse(Array.from({ length: 21 }, (_, i) => `t${i}`)).success).toBe(
      false,
    );
  });
});
