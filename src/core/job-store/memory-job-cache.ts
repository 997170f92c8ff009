import type { JobInfo, JobStatus } from '../../shared/variants';
import { movesBack } from '../../shared/variants';
import { MemoryAnnotationStore } from '../annotations/memory-annotation-store';
import { fromColumns, toColumns } from './record-columns';
import { backwardStatus, jobTypeOf, mergedStatus, recordOf } from './record-merge';
import type {
  CachedDetail,
  CacheStatus,
  JobCache,
  ObservationSource,
  StatusChange,
  TimelineEntry,
} from './types';

interface Kept {
  record: JobInfo;
  status: JobStatus | null;
  updated_at: string | null;
  completed_at: string | null;
  jobType: string | null;
}

/** Details kept in memory at most: enough to flip between a few jobs, never 100,000 payloads. */
const MAX_DETAILS = 20;

/**
 * The stand-in when SQLite cannot be opened: the same behaviour for this run (statuses learnt
 * stay, the timeline grows) but nothing survives a restart, and `status.message` says so.
 */
export class MemoryJobCache implements JobCache {
  readonly status: CacheStatus;
  readonly annotations: MemoryAnnotationStore;
  readonly #records = new Map<string, Map<number, Kept>>();
  readonly #details = new Map<string, CachedDetail>();
  readonly #timelines = new Map<string, TimelineEntry[]>();

  constructor(message: string | null) {
    this.status = { persistent: false, message, file: null };
    // A fallback (a reason given) keeps no tags or notes; a store chosen to be in memory does.
    this.annotations = new MemoryAnnotationStore(message);
  }

  listRecords(profile: string): JobInfo[] {
    const kept = [...(this.#records.get(profile)?.values() ?? [])];
    kept.sort((a, b) => b.record.id - a.record.id);
    return kept.map((k) => withKnown(k.record, k.status, k.jobType));
  }

  getRecord(profile: string, id: number): JobInfo | null {
    const k = this.#records.get(profile)?.get(id);
    return k ? withKnown(k.record, k.status, k.jobType) : null;
  }

  upsertRecords(
    profile: string,
    records: readonly JobInfo[],
    at: string,
    source: ObservationSource,
  ): StatusChange[] {
    const changes: StatusChange[] = [];
    for (const fresh of records) {
      const change = this.#upsert(profile, fresh, at, source);
      if (change) changes.push(change);
    }
    return changes;
  }

  mergeList(
    profile: string,
    records: readonly JobInfo[],
    at: string,
  ): { jobs: JobInfo[]; changes: StatusChange[] } {
    const changes = this.upsertRecords(profile, records, at, 'list');
    return { jobs: this.listRecords(profile), changes };
  }

  putDetail(profile: string, value: CachedDetail, source: ObservationSource): StatusChange | null {
    const key = `${profile}\n${value.detail.id}`;
    this.#details.delete(key);
    this.#details.set(key, value);
    if (this.#details.size > MAX_DETAILS)
      this.#details.delete(this.#details.keys().next().value as string);
    return this.#upsert(profile, value.detail, value.fetchedAt, source);
  }

  getDetail(profile: string, id: number): CachedDetail | null {
    const hit = this.#details.get(`${profile}\n${id}`);
    if (!hit) return null;
    const status = this.#records.get(profile)?.get(id)?.status;
    return status && status !== hit.detail.status
      ? { ...hit, detail: { ...hit.detail, status } }
      : hit;
  }

  observe(
    profile: string,
    id: number,
    status: JobStatus,
    at: string,
    source: ObservationSource,
  ): boolean {
    const kept = this.#records.get(profile)?.get(id);
    const list = this.#timeline(profile, id);
    const known = kept?.status ?? list.findLast((e) => !e.anomaly)?.status ?? null;
    if (known && movesBack(known, status)) {
      this.#noteAnomaly(list, status, known, at, source);
      return false;
    }
    if (kept) kept.status = status;
    if (list.findLast((e) => !e.anomaly)?.status === status) return false;
    list.push({ status, at, source });
    return true;
  }

  timeline(profile: string, id: number): TimelineEntry[] {
    return [...this.#timeline(profile, id)];
  }

  close(): void {
    this.#records.clear();
    this.#details.clear();
    this.#timelines.clear();
  }

  /** As SqliteJobCache's: each (reported, kept) pair once, when first seen. */
  #noteAnomaly(
    list: TimelineEntry[],
    status: JobStatus,
    kept: JobStatus,
    at: string,
    source: ObservationSource,
  ): void {
    if (list.some((e) => e.status === status && e.anomaly?.kept === kept)) return;
    list.push({ status, at, source, anomaly: { kept } });
  }

  #timeline(profile: string, id: number): TimelineEntry[] {
    const key = `${profile}\n${id}`;
    let list = this.#timelines.get(key);
    if (!list) this.#timelines.set(key, (list = []));
    return list;
  }

  #upsert(
    profile: string,
    fresh: JobInfo,
    at: string,
    source: ObservationSource,
  ): StatusChange | null {
    let byId = this.#records.get(profile);
    if (!byId) this.#records.set(profile, (byId = new Map()));
    const kept = byId.get(fresh.id);
    const record = recordOf(fresh);
    const status = mergedStatus(kept, record);
    const backward = backwardStatus(kept, record);
    if (backward && kept?.status) {
      this.#noteAnomaly(this.#timeline(profile, fresh.id), backward, kept.status, at, source);
      // The job stays ended: so does its completion time, which a record of it running lacks.
      record.completed_at ??= kept.completed_at;
    }
    byId.set(fresh.id, {
      record,
      status,
      updated_at: record.updated_at ?? null,
      completed_at: record.completed_at ?? null,
      jobType: jobTypeOf(fresh) ?? kept?.jobType ?? null,
    });
    if (status === null || status === kept?.status) return null;
    // The watcher may have listed it already (a job seen before any record of it was kept).
    const timeline = this.#timeline(profile, fresh.id);
    if (timeline.findLast((e) => !e.anomaly)?.status !== status)
      timeline.push({ status, at, source });
    return { id: fresh.id, from: kept?.status ?? null, to: status };
  }
}

function withKnown(record: JobInfo, status: JobStatus | null, jobType: string | null): JobInfo {
  return fromColumns(toColumns(record, status, jobType));
}
