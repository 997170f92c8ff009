import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { JobAnnotations } from '../../shared/annotations';
import { ANNOTATION_TABLES } from '../annotations/migration';
import { SqliteAnnotationStore } from '../annotations/sqlite-annotation-store';
import type { AnnotationStore, SubmissionRecord } from '../annotations/types';
import { scopedCacheKey } from './cache-key';
import type { DatabaseConstructor } from './sqlite-loader';

/**
 * Whose job store a shared annotation store is opened beside: the desktop app's, browser
 * mode's, or qjob's own (for the simulator it runs itself). Names the built-in simulator whose
 * jobs that store's simulator keys mean.
 */
export type AnnotationScope = 'electron' | 'web' | 'cli';

/**
 * Tags, notes and submissions live in one file for the desktop app, browser mode and qjob on
 * this computer (issue 25: a tag given with qjob never reached browser mode, which kept its own
 * file). The job records stay in each shell's job store, a cache of what the service says.
 */
export function annotationStoreFile(cacheDir: string): string {
  return path.join(cacheDir, 'annotations.sqlite');
}

const SHARED_SCHEMA_VERSION = 1;
const SHARED_TABLES = `${ANNOTATION_TABLES}
  CREATE TABLE imported (
    source TEXT PRIMARY KEY,
    at     TEXT NOT NULL
  );
`;

/** An annotation store whose built-in simulator keys name the shell's simulator (scopedCacheKey). */
class ScopedAnnotationStore implements AnnotationStore {
  readonly #inner: AnnotationStore;
  readonly #scope: AnnotationScope;
  constructor(inner: AnnotationStore, scope: AnnotationScope) {
    this.#inner = inner;
    this.#scope = scope;
  }
  #key(profile: string): string {
    return scopedCacheKey(profile, this.#scope);
  }
  annotations(profile: string, jobId: number): JobAnnotations {
    return this.#inner.annotations(this.#key(profile), jobId);
  }
  changeTags(
    profile: string,
    jobId: number,
    change: { add?: readonly string[]; remove?: readonly string[] },
  ): string[] {
    return this.#inner.changeTags(this.#key(profile), jobId, change);
  }
  setNote(profile: string, jobId: number, note: string, at: string): void {
    this.#inner.setNote(this.#key(profile), jobId, note, at);
  }
  tagIndex(profile: string): Map<number, string[]> {
    return this.#inner.tagIndex(this.#key(profile));
  }
  noteIndex(profile: string): Map<number, string> {
    return this.#inner.noteIndex(this.#key(profile));
  }
  recordSubmission(profile: string, record: SubmissionRecord): void {
    this.#inner.recordSubmission(this.#key(profile), record);
  }
  submission(profile: string, jobId: number): SubmissionRecord | null {
    return this.#inner.submission(this.#key(profile), jobId);
  }
}

/**
 * Opens the shared annotation file (WAL: the app, browser mode and qjob read and write it at
 * once; each write is one transaction, and a writer waits up to 5 s for another), creating its
 * tables once, and the first time a shell's job store is opened beside it, copies in what that
 * store held before (its own tables stay as they were, for an older version of the app).
 */
export function openSharedAnnotations(
  Sqlite: DatabaseConstructor,
  file: string,
  from: { db: Database; source: string; scope: AnnotationScope },
): { store: AnnotationStore; close: () => void } {
  const db = new Sqlite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    // Two processes opening a new file at once: the second finds the tables made.
    db.transaction(() => {
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > SHARED_SCHEMA_VERSION)
        throw new Error(
          `the annotation store ${file} was written by a newer version of the app (schema ${version})`,
        );
      if (version === 0) {
        db.exec(SHARED_TABLES);
        db.pragma(`user_version = ${SHARED_SCHEMA_VERSION}`);
      }
    }).immediate();
    importOnce(db, from);
    return {
      store: new ScopedAnnotationStore(
        new SqliteAnnotationStore(db, `the shared store of tags and notes (${file})`),
        from.scope,
      ),
      close: () => {
        if (db.open) db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

type Row = unknown[];

/** Copies a job store's own annotation tables in, once per store, with its simulator keys scoped. */
function importOnce(
  db: Database,
  from: { db: Database; source: string; scope: AnnotationScope },
): void {
  const done = db.prepare('SELECT 1 FROM imported WHERE source = ?').pluck(true);
  if (done.get(from.source)) return;
  const key = (profile: unknown) => scopedCacheKey(String(profile), from.scope);
  const copies: [string, string][] = [
    [
      'SELECT profile, job_id, tag FROM job_tags',
      'INSERT OR IGNORE INTO job_tags VALUES (?, ?, ?)',
    ],
    [
      'SELECT profile, job_id, note, updated_at FROM job_notes',
      'INSERT OR IGNORE INTO job_notes VALUES (?, ?, ?, ?)',
    ],
    [
      `SELECT profile, job_id, payload, device_code, device, device_seen_at, origin, origin_job,
        submitted_at FROM submissions`,
      'INSERT OR IGNORE INTO submissions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ],
  ];
  db.transaction(() => {
    if (done.get(from.source)) return; // another process imported it meanwhile
    for (const [select, insert] of copies) {
      const put = db.prepare(insert);
      for (const row of from.db.prepare(select).raw(true).iterate() as Iterable<Row>)
        put.run(key(row[0]), ...row.slice(1));
    }
    db.prepare('INSERT INTO imported (source, at) VALUES (?, ?)').run(
      from.source,
      new Date().toISOString(),
    );
  }).immediate();
}
