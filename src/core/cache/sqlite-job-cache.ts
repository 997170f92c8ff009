import type { Database, Statement } from 'better-sqlite3';
import type { JobInfo, JobStatus } from '../../shared/variants';
import { migrate } from './migrations';
import { jobTypeOf, mergedStatus, recordOf } from './record-merge';
import type { RecordColumns } from './record-columns';
import { COLUMN_NAMES, readRow, sameColumns, toColumns } from './record-columns';
import type { DatabaseConstructor } from './sqlite-loader';
import { readDetailRow, readStatusRow, readTimelineRow } from './stored-rows';
import type {
  CachedDetail,
  CacheStatus,
  JobCache,
  ObservationSource,
  StatusChange,
  TimelineEntry,
} from './types';

/**
 * Up to this many records, a write reads each kept row through the primary key (~15 µs a row);
 * beyond, it reads all the profile's rows at once (~3 µs a row, 100,000 rows or more).
 */
const POINT_READS_UP_TO = 2_000;

export interface SqliteJobCacheOptions {
  /**
   * Told, in a sentence for people, about stored rows that could not be read (a file from an
   * older version, or damaged). Such rows are left out; the service's next answer replaces them.
   */
  onProblem?: (message: string) => void;
}

/**
 * The job store in one SQLite file: WAL (readers never wait for the writer; a crash loses at
 * most the last transaction), every statement prepared once, bulk writes in one transaction so
 * a refresh of 100,000 records is a single commit, and rows read as arrays (no per-row objects
 * or JSON parsing) so the monitor opens at once. Every row read is checked before it is used.
 */
export class SqliteJobCache implements JobCache {
  readonly status: CacheStatus;
  readonly #db: Database;
  readonly #q: ReturnType<typeof prepare>;
  readonly #onProblem: (message: string) => void;

  constructor(Sqlite: DatabaseConstructor, file: string, options: SqliteJobCacheOptions = {}) {
    this.#onProblem = options.onProblem ?? (() => undefined);
    this.#db = new Sqlite(file);
    try {
      this.#db.pragma('journal_mode = WAL');
      // NORMAL is durable in WAL mode except for the last commit on power loss: fine for a cache.
      this.#db.pragma('synchronous = NORMAL');
      this.#db.pragma('busy_timeout = 3000');
      migrate(this.#db);
      this.#q = prepare(this.#db);
    } catch (error) {
      this.#db.close();
      throw error;
    }
    this.status = { persistent: true, message: null, file };
  }

  listRecords(profile: string): JobInfo[] {
    const rows = this.#q.list.all(profile) as unknown[];
    const out: JobInfo[] = [];
    const skipped: string[] = [];
    for (const raw of rows) {
      const read = readRow(raw);
      if (read.ok) out.push(read.info);
      else skipped.push(`job ${read.id ?? '?'}: ${read.problem}`);
    }
    if (skipped.length > 0) {
      this.#onProblem(
        `The local job store has ${skipped.length} unreadable job record${skipped.length === 1 ? '' : 's'} (${skipped.slice(0, 3).join('; ')}${skipped.length > 3 ? '; …' : ''}); they are left out until the service lists them again.`,
      );
    }
    return out;
  }

  getRecord(profile: string, id: number): JobInfo | null {
    return this.#kept(profile, id, true)?.info ?? null;
  }

  upsertRecords(
    profile: string,
    records: readonly JobInfo[],
    at: string,
    source: ObservationSource,
  ): StatusChange[] {
    return this.#db.transaction(() => {
      const kept = this.#keptRows(
        profile,
        records.map((r) => r.id),
      );
      const changes: StatusChange[] = [];
      for (const fresh of records) {
        const change = this.#upsert(profile, fresh, kept.get(fresh.id), at, source);
        if (change) changes.push(change);
      }
      return changes;
    })();
  }

  /**
   * The readable stored rows of these ids. A few (a lookup, the poller's changes) are read one
   * by one through the primary key; for many, one pass over the profile's rows is cheaper than
   * as many lookups. An unreadable kept row is as good as none: the fresh record replaces it.
   */
  #keptRows(profile: string, ids: readonly number[]): Map<number, RecordColumns> {
    const kept = new Map<number, RecordColumns>();
    if (ids.length <= POINT_READS_UP_TO) {
      for (const id of ids) {
        const columns = this.#kept(profile, id, false)?.columns;
        if (columns) kept.set(id, columns);
      }
      return kept;
    }
    for (const raw of this.#q.list.all(profile) as unknown[]) {
      const read = readRow(raw);
      if (read.ok) kept.set(read.columns[0], read.columns);
    }
    return kept;
  }

  putDetail(profile: string, value: CachedDetail, source: ObservationSource): StatusChange | null {
    const { detail } = value;
    return this.#db.transaction(() => {
      const kept = this.#kept(profile, detail.id, false)?.columns;
      const change = this.#upsert(profile, detail, kept, value.fetchedAt, source);
      this.#q.putDetail.run(
        profile,
        detail.id,
        JSON.stringify(detail),
        JSON.stringify(value.problems),
        value.fetchedAt,
      );
      return change;
    })();
  }

  getDetail(profile: string, id: number): CachedDetail | null {
    const raw = this.#q.getDetail.get(profile, id) as unknown;
    if (raw === undefined) return null;
    const read = readDetailRow(raw);
    if (!read.ok) {
      this.#onProblem(
        `The stored detail of job ${id} could not be read (${read.problem}); it is left out until the service sends it again.`,
      );
      return null;
    }
    const { detail } = read.value;
    // The record may have moved on since (a later list or watch): its status is the newer truth.
    const record = this.getRecord(profile, id);
    if (record?.status && record.status !== detail.status) detail.status = record.status;
    return read.value;
  }

  observe(
    profile: string,
    id: number,
    status: JobStatus,
    at: string,
    source: ObservationSource,
  ): boolean {
    return this.#db.transaction(() => {
      const last = readStatusRow(this.#q.lastStatus.get(profile, id));
      this.#q.setStatus.run(status, profile, id);
      if (last === status) return false;
      this.#q.addTimeline.run(profile, id, status, at, source);
      return true;
    })();
  }

  timeline(profile: string, id: number): TimelineEntry[] {
    const out: TimelineEntry[] = [];
    let skipped = 0;
    for (const raw of this.#q.timeline.all(profile, id) as unknown[]) {
      const read = readTimelineRow(raw);
      if (read.ok) out.push(read.value);
      else skipped++;
    }
    if (skipped > 0) {
      this.#onProblem(
        `The local job store has ${skipped} unreadable timeline entr${skipped === 1 ? 'y' : 'ies'} for job ${id}; they are left out.`,
      );
    }
    return out;
  }

  /** One stored record, checked; an unreadable one is reported (when asked) and treated as absent. */
  #kept(
    profile: string,
    id: number,
    report: boolean,
  ): { columns: RecordColumns; info: JobInfo } | null {
    const raw = this.#q.one.get(profile, id) as unknown;
    if (raw === undefined) return null;
    const read = readRow(raw);
    if (read.ok) return read;
    if (report) {
      this.#onProblem(
        `The stored record of job ${id} could not be read (${read.problem}); it is left out until the service lists it again.`,
      );
    }
    return null;
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }

  #upsert(
    profile: string,
    fresh: JobInfo,
    kept: RecordColumns | undefined,
    at: string,
    source: ObservationSource,
  ): StatusChange | null {
    const record = recordOf(fresh);
    const keptStatus = kept?.[1] ?? null;
    const status = mergedStatus(
      kept && { status: keptStatus, updated_at: kept[7], completed_at: kept[8] },
      record,
    );
    const row = toColumns(record, status, jobTypeOf(fresh) ?? kept?.[2] ?? null);
    if (kept && sameColumns(kept, row)) return null;
    this.#q.upsert.run(profile, ...row, at);
    if (status === null || status === keptStatus) return null;
    this.#q.addTimeline.run(profile, record.id, status, at, source);
    return { id: record.id, from: keptStatus, to: status };
  }
}

function prepare(db: Database) {
  const s = (sql: string): Statement => db.prepare(sql);
  const columns = COLUMN_NAMES.join(', ');
  const updates = COLUMN_NAMES.slice(1)
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  return {
    // Raw rows: arrays in COLUMN_NAMES order, the cheapest shape better-sqlite3 returns.
    list: s(`SELECT ${columns} FROM jobs WHERE profile = ? ORDER BY id DESC`).raw(true),
    one: s(`SELECT ${columns} FROM jobs WHERE profile = ? AND id = ?`).raw(true),
    upsert: s(`
      INSERT INTO jobs (profile, ${columns}, seen_at) VALUES (?, ${COLUMN_NAMES.map(() => '?').join(', ')}, ?)
      ON CONFLICT (profile, id) DO UPDATE SET ${updates}, seen_at = excluded.seen_at`),
    setStatus: s('UPDATE jobs SET status = ? WHERE profile = ? AND id = ?'),
    putDetail: s(
      'INSERT OR REPLACE INTO details (profile, id, detail, problems, fetched_at) VALUES (?, ?, ?, ?, ?)',
    ),
    getDetail: s('SELECT detail, problems, fetched_at FROM details WHERE profile = ? AND id = ?'),
    lastStatus: s(
      'SELECT status FROM timeline WHERE profile = ? AND job_id = ? ORDER BY rowid DESC LIMIT 1',
    ),
    addTimeline: s(
      'INSERT INTO timeline (profile, job_id, status, at, source) VALUES (?, ?, ?, ?, ?)',
    ),
    // Insertion order is the order this app saw the changes in, whatever the clocks said.
    timeline: s(
      'SELECT status, at, source FROM timeline WHERE profile = ? AND job_id = ? ORDER BY rowid',
    ),
  };
}
