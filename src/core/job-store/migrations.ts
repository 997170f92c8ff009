import type { Database } from 'better-sqlite3';
import { ANNOTATION_TABLES } from '../annotations/migration';

/**
 * The store's tables. `profile` is the profile's cache key (a profile pointed at another service
 * gets a new key, so jobs of two services never mix). A record is stored as columns (reading
 * 100,000 rows must not parse 100,000 JSON texts); fields the specification does not name are
 * kept as JSON in `extra`, so nothing the service sent is lost.
 * Bump SCHEMA_VERSION and add a step when a table changes; an old file is upgraded in place.
 */
export const SCHEMA_VERSION = 5;

const STEPS: Record<number, string> = {
  1: `
    CREATE TABLE jobs (
      profile      TEXT    NOT NULL,
      id           INTEGER NOT NULL,
      status       TEXT,
      job_type     TEXT,
      name         TEXT    NOT NULL,
      description  TEXT    NOT NULL,
      device_id    INTEGER NOT NULL,
      created_at   TEXT    NOT NULL,
      updated_at   TEXT,
      completed_at TEXT,
      message      TEXT,
      extra        TEXT,
      seen_at      TEXT    NOT NULL,
      PRIMARY KEY (profile, id)
    ) WITHOUT ROWID;
    CREATE INDEX jobs_by_status  ON jobs (profile, status);
    CREATE INDEX jobs_by_created ON jobs (profile, created_at);

    CREATE TABLE details (
      profile    TEXT    NOT NULL,
      id         INTEGER NOT NULL,
      detail     TEXT    NOT NULL,
      problems   TEXT    NOT NULL,
      fetched_at TEXT    NOT NULL,
      PRIMARY KEY (profile, id)
    );

    CREATE TABLE timeline (
      profile TEXT    NOT NULL,
      job_id  INTEGER NOT NULL,
      status  TEXT    NOT NULL,
      at      TEXT    NOT NULL,
      source  TEXT    NOT NULL
    );
    CREATE INDEX timeline_by_job ON timeline (profile, job_id);
  `,
  // `fp`: the fingerprint of the service record a row was last written from (record-columns.ts),
  // so a refresh recognises an unchanged record by one integer instead of reading its row.
  // `learnt`: 1 when the row's status or job type is not that record's own but learnt elsewhere
  // (a lookup, a detail); only those rows' strings are read by a refresh. Any other change to a
  // row (the job watcher's status, a hand edit) clears its fingerprint, so the next refresh reads
  // and merges it whole. Rows from version 1 start without a fingerprint.
  2: `
    ALTER TABLE jobs ADD COLUMN fp INTEGER;
    ALTER TABLE jobs ADD COLUMN learnt INTEGER NOT NULL DEFAULT 0;
    CREATE TRIGGER jobs_fp_stale AFTER UPDATE ON jobs
    WHEN new.fp IS NOT NULL AND new.fp IS old.fp AND (
      new.status IS NOT old.status OR new.job_type IS NOT old.job_type OR
      new.name IS NOT old.name OR new.description IS NOT old.description OR
      new.device_id IS NOT old.device_id OR new.created_at IS NOT old.created_at OR
      new.updated_at IS NOT old.updated_at OR new.completed_at IS NOT old.completed_at OR
      new.message IS NOT old.message OR new.extra IS NOT old.extra OR
      new.learnt IS NOT old.learnt)
    BEGIN
      UPDATE jobs SET fp = NULL WHERE profile = new.profile AND id = new.id;
    END;
  `,
  // Device history (src/core/history): each device status change and each notice about a
  // device this app saw, with when it was first and last seen (`at`, `last_at`).
  3: `
    CREATE TABLE device_history (
      profile TEXT NOT NULL,
      code    TEXT NOT NULL,
      kind    TEXT NOT NULL CHECK (kind IN ('status', 'message')),
      value   TEXT NOT NULL,
      at      TEXT NOT NULL,
      last_at TEXT NOT NULL
    );
    CREATE INDEX device_history_by_device ON device_history (profile, code, kind);
  `,
  // Tags, notes and what was submitted from here (rerun, bundles): annotations/migration.ts.
  4: ANNOTATION_TABLES,
  // `kept`: set on an entry whose status the service reported but that would have moved the job
  // back (a service anomaly, not taken): the status the job kept. Null on every other entry.
  5: `
    ALTER TABLE timeline ADD COLUMN kept TEXT;
  `,
};

export function migrate(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    throw new Error(`the job store was written by a newer version of the app (schema ${current})`);
  }
  for (let v = current + 1; v <= SCHEMA_VERSION; v++) {
    db.transaction(() => {
      db.exec(STEPS[v] ?? '');
      db.pragma(`user_version = ${v}`);
    })();
  }
}
