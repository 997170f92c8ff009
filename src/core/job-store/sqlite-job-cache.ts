import type { Database } from 'better-sqlite3';
import type { JobInfo, JobStatus } from '../../shared/variants';
import { movesBack } from '../../shared/variants';
import { SqliteAnnotationStore } from '../annotations/sqlite-annotation-store';
import type { AnnotationStore } from '../annotations/types';
import path from 'node:path';
import { migrate } from './migrations';
import { openSharedAnnotations } from './shared-annotations';
import type { AnnotationScope } from './shared-annotations';
import { backwardStatus, jobTypeOf, mergedStatus } from './record-merge';
import type { RecordColumns, RowBrief } from './record-columns';
import {
  COLUMN_NAMES,
  fingerprint,
  fromColumns,
  readBriefs,
  readRow,
  sameColumns,
  toColumns,
} from './record-columns';
import type { DatabaseConstructor } from './sqlite-loader';
import { prepareStatements } from './sqlite-statements';
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
  /**
   * Keep tags, notes and submissions in the annotation file every shell shares
   * (shared-annotations.ts), scoped to this store's shell; when that file cannot be opened they
   * stay in this file, as before, and `onProblem` says so.
   */
  sharedAnnotations?: { file: string; scope: AnnotationScope };
}

/**
 * The job store in one SQLite file: WAL (readers never wait for the writer; a crash loses at
 * most the last transaction), every statement prepared once, bulk writes in one transaction so
 * a refresh of 100,000 records is a single commit, rows read as arrays (no per-row objects or
 * JSON parsing) so the monitor opens at once, and a fingerprint per row so a refresh reads and
 * writes only the records that changed. Every row read is checked before it is used.
 */
export class SqliteJobCache implements JobCache {
  readonly status: CacheStatus;
  readonly annotations: AnnotationStore;
  readonly #db: Database;
  readonly #q: ReturnType<typeof prepareStatements>;
  readonly #onProblem: (message: string) => void;
  readonly #closeAnnotations: () => void = () => undefined;

  constructor(Sqlite: DatabaseConstructor, file: string, options: SqliteJobCacheOptions = {}) {
    this.#onProblem = options.onProblem ?? (() => undefined);
    this.#db = new Sqlite(file);
    try {
      this.#db.pragma('journal_mode = WAL');
      // NORMAL is durable in WAL mode except for the last commit on power loss: fine for a cache.
      this.#db.pragma('synchronous = NORMAL');
      this.#db.pragma('busy_timeout = 3000');
      migrate(this.#db);
      this.#q = prepareStatements(this.#db);
      let annotations: AnnotationStore = new SqliteAnnotationStore(this.#db);
      const shared = options.sharedAnnotations;
      if (shared) {
        try {
          const opened = openSharedAnnotations(Sqlite, shared.file, {
            db: this.#db,
            source: path.basename(file),
            scope: shared.scope,
          });
          annotations = opened.store;
          this.#closeAnnotations = opened.close;
        } catch (error) {
          this.#onProblem(
            `The shared store of tags and notes (${shared.file}) could not be opened (${error instanceof Error ? error.message : String(error)}): tags and notes are kept in ${file} this time, where the other shells do not see them.`,
          );
        }
      }
      this.annotations = annotations;
    } catch (error) {
      this.#db.close();
      throw error;
    }
    this.status = { persistent: true, message: null, file };
  }

  /** The open database, for the stores that share its file (src/core/history). */
  get database(): Database {
    return this.#db;
  }

  listRecords(profile: string): JobInfo[] {
    return this.#records(profile, null);
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
      const briefs = this.#briefs(
        profile,
        records.map((r) => r.id),
      );
      return this.#write(profile, records, at, source, briefs, null).changes;
    })();
  }

  /**
   * One pass over the profile's rows for a whole refresh: an id and a fingerprint per row tell
   * an unchanged record (nothing else read, nothing written), changed ones are read, merged and
   * written in the same transaction, and the answer is the service's records with what the store
   * knows on top, plus the rows it did not list (read whole and checked). No row is read twice.
   */
  mergeList(
    profile: string,
    records: readonly JobInfo[],
    at: string,
  ): { jobs: JobInfo[]; changes: StatusChange[] } {
    return this.#db.transaction(() => {
      const listed: JobInfo[] = [];
      const { changes, others } = this.#write(
        profile,
        records,
        at,
        'list',
        this.#briefs(profile, null),
        listed,
      );
      if (others.length === 0) return { jobs: listed.reverse(), changes };
      const jobs = listed.concat(this.#records(profile, others));
      return { jobs: jobs.sort((a, b) => b.id - a.id), changes };
    })();
  }

  /**
   * Writes the service's records over the stored rows they replace, walking both in id order
   * (the briefs come sorted). A record whose fingerprint is its row's was written from this same
   * record, and nothing but such a write has touched the row since (the trigger of migration 2
   * clears the fingerprint otherwise): it is left as it is. Every other record is merged with its
   * row, read whole and checked. `listed`, when given, receives every record as the store now
   * holds it, oldest id first; `others` are the stored ids no record named.
   */
  #write(
    profile: string,
    records: readonly JobInfo[],
    at: string,
    source: ObservationSource,
    briefs: readonly RowBrief[],
    listed: JobInfo[] | null,
  ): { changes: StatusChange[]; others: number[] } {
    const order = idOrder(records);
    const scratch = new Array(COLUMN_NAMES.length) as RecordColumns;
    const own = (r: JobInfo, into?: RecordColumns) =>
      toColumns(r, r.status ?? null, jobTypeOf(r), into);
    const fps: number[] = new Array<number>(records.length);
    const found: (RowBrief | undefined)[] = new Array<RowBrief | undefined>(records.length);
    const stale: number[] = [];
    const others: number[] = [];
    let b = 0;
    let previous: number | null = null;
    for (const i of order) {
      const { id } = records[i]!;
      if (id !== previous) {
        while (b < briefs.length && briefs[b]![0] < id) others.push(briefs[b++]![0]);
        const brief = briefs[b]?.[0] === id ? briefs[b++] : undefined;
        const fp = fingerprint(own(records[i]!, scratch));
        if (brief !== undefined && brief[1] !== fp) stale.push(id);
        found[i] = brief;
        fps[i] = fp;
      } else {
        fps[i] = fingerprint(own(records[i]!, scratch));
      }
      previous = id;
    }
    while (b < briefs.length) others.push(briefs[b++]![0]);

    const kept = this.#keptRows(profile, stale);
    const changes: [number, StatusChange][] = [];
    // The row a record of the same job just before it in `order` left (an answer that names a
    // job twice: the later one merges with what the earlier wrote, as if they came one by one).
    let before: { id: number; fp: number; row: RecordColumns } | null = null;
    order.forEach((i, k) => {
      const fresh = records[i]!;
      const fp = fps[i]!;
      const again = before?.id === fresh.id ? before : null;
      const brief: RowBrief | undefined = again
        ? [fresh.id, again.fp, [again.row[1], again.row[2]]]
        : found[i];
      let row: RecordColumns;
      if (brief !== undefined && brief[1] === fp) {
        const learnt = brief[2];
        row = learnt ? toColumns(fresh, learnt[0], learnt[1], scratch) : own(fresh, scratch);
      } else {
        row = own(fresh);
        const keptRow = again ? again.row : kept.get(fresh.id);
        const change = this.#merge(
          profile,
          fresh,
          row,
          fp,
          brief !== undefined,
          keptRow,
          at,
          source,
        );
        if (change) changes.push([i, change]);
      }
      const next = order[k + 1];
      if (next !== undefined && records[next]!.id === fresh.id) {
        before = { id: fresh.id, fp, row: [...row] };
      } else {
        listed?.push(fromColumns(row));
      }
    });
    return { changes: changes.sort((x, y) => x[0] - y[0]).map(([, change]) => change), others };
  }

  /**
   * The briefs of these rows (all of the profile's for null), sorted by id. A few (a lookup, the
   * poller's changes) are read one by one through the primary key, many in one pass.
   */
  #briefs(profile: string, ids: readonly number[] | null): RowBrief[] {
    const q = this.#q;
    if (ids === null || ids.length > POINT_READS_UP_TO) {
      // Three plucks rather than one query of four columns: half the time at 100,000 rows,
      // since only learnt rows (few) make strings.
      return readBriefs(q.ids.all(profile), q.fps.all(profile), q.learnt.all(profile));
    }
    const found: number[] = [];
    const fps: unknown[] = [];
    const learnt: unknown[] = [];
    for (const id of new Set(ids)) {
      const fp = q.fpOne.get(profile, id) as unknown;
      if (fp === undefined) continue;
      found.push(id);
      fps.push(fp);
      const row = q.learntOne.get(profile, id) as unknown;
      if (row !== undefined) learnt.push(row);
    }
    return readBriefs(found, fps, learnt).sort((x, y) => x[0] - y[0]);
  }

  /**
   * The readable stored rows of these ids, read one by one through the primary key when they
   * are few, in one pass over the profile's rows when many. An unreadable kept row is as good
   * as none: the fresh record replaces it.
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
    const wanted = new Set(ids);
    for (const raw of this.#q.list.iterate(profile) as Iterable<unknown>) {
      const read = readRow(raw);
      if (read.ok && wanted.has(read.columns[0])) kept.set(read.columns[0], read.columns);
    }
    return kept;
  }

  /**
   * The records of these rows (all of the profile's for null), newest first, checked; those that
   * do not fit are reported in one sentence and left out.
   */
  #records(profile: string, ids: readonly number[] | null): JobInfo[] {
    const out: JobInfo[] = [];
    const skipped: string[] = [];
    const take = (raw: unknown) => {
      const read = readRow(raw);
      if (read.ok) out.push(read.info);
      else skipped.push(`job ${read.id ?? '?'}: ${read.problem}`);
    };
    if (ids !== null && ids.length <= POINT_READS_UP_TO) {
      for (const id of [...ids].sort((a, b) => b - a)) {
        const raw = this.#q.one.get(profile, id) as unknown;
        if (raw !== undefined) take(raw);
      }
    } else {
      const wanted = ids && new Set(ids);
      // Row by row rather than all(): each row's array dies young instead of 100,000 of them
      // living (and being copied by the collector) until the last is read: ~30% less CPU and
      // memory at 100,000 rows.
      for (const raw of this.#q.list.iterate(profile) as Iterable<unknown>) {
        if (!wanted || (Array.isArray(raw) && wanted.has(raw[0] as number))) take(raw);
      }
    }
    if (skipped.length > 0) {
      this.#onProblem(
        `The local job store has ${skipped.length} unreadable job record${skipped.length === 1 ? '' : 's'} (${skipped.slice(0, 3).join('; ')}${skipped.length > 3 ? '; …' : ''}); they are left out until the service lists them again.`,
      );
    }
    return out;
  }

  putDetail(profile: string, value: CachedDetail, source: ObservationSource): StatusChange | null {
    const { detail } = value;
    return this.#db.transaction(() => {
      const briefs = this.#briefs(profile, [detail.id]);
      const change = this.#write(profile, [detail], value.fetchedAt, source, briefs, null)
        .changes[0];
      this.#q.putDetail.run(
        profile,
        detail.id,
        JSON.stringify(detail),
        JSON.stringify(value.problems),
        value.fetchedAt,
      );
      return change ?? null;
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
      const kept = this.#kept(profile, id, false)?.columns[1] ?? last;
      if (kept && movesBack(kept, status)) {
        this.#noteAnomaly(profile, id, status, kept, at, source);
        return false;
      }
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
    this.#closeAnnotations();
    if (this.#db.open) this.#db.close();
  }

  /**
   * A status the service reported that would move the job back: on the timeline as an anomaly,
   * never as the job's status. Each (reported, kept) pair once, when first seen: a service that
   * flips a job back and forth for days adds a handful of entries, not one per look.
   */
  #noteAnomaly(
    profile: string,
    id: number,
    status: JobStatus,
    kept: JobStatus,
    at: string,
    source: ObservationSource,
  ): void {
    if (this.#q.anomalySeen.get(profile, id, status, kept) !== undefined) return;
    this.#q.addAnomaly.run(profile, id, status, at, source, kept);
  }

  /**
   * Merges a record with its kept row (undefined when there is none or it is unreadable) into
   * `row` (the record's own columns), writes it when it differs and records a new status.
   */
  #merge(
    profile: string,
    fresh: JobInfo,
    row: RecordColumns,
    fp: number,
    stored: boolean,
    kept: RecordColumns | undefined,
    at: string,
    source: ObservationSource,
  ): StatusChange | null {
    const keptStatus = kept?.[1] ?? null;
    const keptRecord = kept && { status: keptStatus, updated_at: kept[7], completed_at: kept[8] };
    const status = mergedStatus(keptRecord, fresh);
    const backward = backwardStatus(keptRecord, fresh);
    if (backward && keptStatus) {
      this.#noteAnomaly(profile, fresh.id, backward, keptStatus, at, source);
      // The job stays ended: so does its completion time, which a record of it running lacks.
      row[8] ??= kept?.[8] ?? null;
    }
    const [, ownStatus, ownJobType] = row;
    row[1] = status;
    row[2] ??= kept?.[2] ?? null;
    const learnt = row[1] !== ownStatus || row[2] !== ownJobType ? 1 : 0;
    if (!stored) this.#q.insert.run(profile, ...row, at, fp, learnt);
    else if (!kept || !sameColumns(kept, row))
      this.#q.update.run(...row.slice(1), at, fp, learnt, profile, row[0]);
    // The row already says this (written before fingerprints, or by a lookup with the same
    // facts): only its fingerprint is new, so the next refresh finds it unchanged.
    else this.#q.setFingerprint.run(fp, learnt, profile, fresh.id);
    if (status === null || status === keptStatus) return null;
    // Without a known status the watcher may have put this one on the timeline already (a job
    // seen before any record of it was kept): each change is listed once. Only then is the
    // timeline read, so a first refresh of many new records pays one indexed lookup each.
    const listed =
      keptStatus === null && readStatusRow(this.#q.lastStatus.get(profile, fresh.id)) === status;
    if (!listed) this.#q.addTimeline.run(profile, fresh.id, status, at, source);
    return { id: fresh.id, from: keptStatus, to: status };
  }
}

/**
 * The indices of the records in id order, oldest first; records of the same job keep their
 * order. The service's own order (oldest or newest first) costs no sort.
 */
function idOrder(records: readonly JobInfo[]): number[] {
  const order = records.map((_, i) => i);
  const rising = (i: number) => i === 0 || records[i - 1]!.id <= records[i]!.id;
  if (order.every(rising)) return order;
  if (order.every((i) => i === 0 || records[i - 1]!.id > records[i]!.id)) return order.reverse();
  return order.sort((x, y) => records[x]!.id - records[y]!.id || x - y);
}
