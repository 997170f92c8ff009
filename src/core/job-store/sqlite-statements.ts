import type { Database, Statement } from 'better-sqlite3';
import { COLUMN_NAMES } from './record-columns';

/** The cache's SQL, prepared once per connection (tables: see migrations.ts). */
export function prepareStatements(db: Database) {
  const s = (sql: string): Statement => db.prepare(sql);
  const columns = COLUMN_NAMES.join(', ');
  const values = COLUMN_NAMES.map(() => '?').join(', ');
  const updates = COLUMN_NAMES.slice(1)
    .map((c) => `${c} = ?`)
    .join(', ');
  return {
    // Raw rows: arrays in COLUMN_NAMES order, the cheapest shape better-sqlite3 returns.
    list: s(`SELECT ${columns} FROM jobs WHERE profile = ? ORDER BY id DESC`).raw(true),
    one: s(`SELECT ${columns} FROM jobs WHERE profile = ? AND id = ?`).raw(true),
    ids: s('SELECT id FROM jobs WHERE profile = ? ORDER BY id').pluck(true),
    fps: s('SELECT fp FROM jobs WHERE profile = ? ORDER BY id').pluck(true),
    learnt: s('SELECT id, status, job_type FROM jobs WHERE profile = ? AND learnt = 1').raw(true),
    fpOne: s('SELECT fp FROM jobs WHERE profile = ? AND id = ?').pluck(true),
    learntOne: s(
      'SELECT id, status, job_type FROM jobs WHERE profile = ? AND id = ? AND learnt = 1',
    ).raw(true),
    // New rows are inserted and kept rows updated, each by its own statement: an upsert
    // (INSERT ... ON CONFLICT) pays for the fingerprint trigger on every insert, twice the time.
    insert: s(
      `INSERT INTO jobs (profile, ${columns}, seen_at, fp, learnt) VALUES (?, ${values}, ?, ?, ?)`,
    ),
    update: s(
      `UPDATE jobs SET ${updates}, seen_at = ?, fp = ?, learnt = ? WHERE profile = ? AND id = ?`,
    ),
    setFingerprint: s('UPDATE jobs SET fp = ?, learnt = ? WHERE profile = ? AND id = ?'),
    setStatus: s('UPDATE jobs SET status = ? WHERE profile = ? AND id = ?'),
    putDetail: s(
      'INSERT OR REPLACE INTO details (profile, id, detail, problems, fetched_at) VALUES (?, ?, ?, ?, ?)',
    ),
    getDetail: s('SELECT detail, problems, fetched_at FROM details WHERE profile = ? AND id = ?'),
    // The last status taken (an anomaly's is not).
    lastStatus: s(
      'SELECT status FROM timeline WHERE profile = ? AND job_id = ? AND kept IS NULL ORDER BY rowid DESC LIMIT 1',
    ),
    anomalySeen: s(
      'SELECT 1 FROM timeline WHERE profile = ? AND job_id = ? AND status = ? AND kept = ? LIMIT 1',
    ).pluck(true),
    addTimeline: s(
      'INSERT INTO timeline (profile, job_id, status, at, source, kept) VALUES (?, ?, ?, ?, ?, NULL)',
    ),
    addAnomaly: s(
      'INSERT INTO timeline (profile, job_id, status, at, source, kept) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    // Insertion order is the order this app saw the changes in, whatever the clocks said.
    timeline: s(
      'SELECT status, at, source, kept FROM timeline WHERE profile = ? AND job_id = ? ORDER BY rowid',
    ),
  };
}
