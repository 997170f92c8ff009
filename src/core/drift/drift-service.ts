import type { Statement } from 'better-sqlite3';
import type { DriftQuery, DriftRun, DriftSeries } from '../../shared/drift';
import { buildDriftSeries, driftRunOf } from '../../shared/drift';
import type { VariantId } from '../../shared/variants';
import type { JobCache } from '../job-store';
import { SqliteJobCache } from '../job-store';

/**
 * The newest jobs of a device with a kept detail that a series looks at. A calibration history
 * is a few runs a day; this covers months of them while the first look at a device with many
 * other jobs still reads a bounded number of details.
 */
export const SCAN_DETAILS = 2_000;
/** Runs (and non-runs) remembered between calls: a few hundred bytes each. */
const MAX_REMEMBERED = 20_000;

export interface DriftAnswer extends DriftSeries {
  deviceId: number;
  scanned: number;
  capped: boolean;
  persistent: boolean;
}

/**
 * Calibration drift from the local job store (docs/calibration-drift.md). A finished job's
 * detail never changes, so what it gives (a run with its fit, or nothing: not a Rabi or T1 job)
 * is remembered in memory by profile, job and the time its detail was fetched; a detail fetched
 * again is looked at again. A later call reads only the ids and fetch times of the device's
 * jobs, and parses and fits only details it has not seen.
 */
export class DriftService {
  readonly #cache: JobCache;
  readonly #candidates: Statement | null;
  readonly #remembered = new Map<string, DriftRun | null>();
  #fitted = 0;

  constructor(cache: JobCache) {
    this.#cache = cache;
    this.#candidates =
      cache instanceof SqliteJobCache
        ? cache.database
            .prepare(
              `SELECT d.id, d.fetched_at FROM details d
               JOIN jobs j ON j.profile = d.profile AND j.id = d.id
               WHERE d.profile = ? AND j.device_id = ? ORDER BY d.id DESC LIMIT ?`,
            )
            .raw(true)
        : null;
  }

  /** Details parsed and fitted so far (what the memory saves). */
  get fitted(): number {
    return this.#fitted;
  }

  series(profile: string, variant: VariantId, deviceId: number, query: DriftQuery): DriftAnswer {
    const candidates = this.#candidatesOf(profile, deviceId);
    const capped = candidates.length > SCAN_DETAILS;
    const scan = candidates.slice(0, SCAN_DETAILS);
    const runs: DriftRun[] = [];
    for (const { id, fetchedAt } of scan) {
      const run = this.#run(profile, variant, id, fetchedAt);
      if (run) runs.push(run);
    }
    return {
      deviceId,
      ...buildDriftSeries(runs, query),
      scanned: scan.length,
      capped,
      persistent: this.#cache.status.persistent,
    };
  }

  /** The device's jobs with a kept detail, newest id first, one more than scanned (to tell a cap). */
  #candidatesOf(
    profile: string,
    deviceId: number,
  ): Array<{ id: number; fetchedAt: string | null }> {
    if (this.#candidates) {
      const out: Array<{ id: number; fetchedAt: string | null }> = [];
      for (const raw of this.#candidates.iterate(profile, deviceId, SCAN_DETAILS + 1) as Iterable<
        unknown[]
      >) {
        if (typeof raw[0] === 'number')
          out.push({ id: raw[0], fetchedAt: typeof raw[1] === 'string' ? raw[1] : null });
      }
      return out;
    }
    // The memory store (no SQLite): few jobs, read through its interface.
    return this.#cache
      .listRecords(profile)
      .filter((r) => r.device_id === deviceId)
      .map((r) => ({ id: r.id, fetchedAt: null }));
  }

  #run(profile: string, variant: VariantId, id: number, fetchedAt: string | null): DriftRun | null {
    const known = fetchedAt === null ? undefined : this.#recall(key(profile, id, fetchedAt));
    if (known !== undefined) return known;
    const kept = this.#cache.getDetail(profile, id);
    if (!kept) return null;
    const k = key(profile, id, kept.fetchedAt);
    const again = this.#recall(k);
    if (again !== undefined) return again;
    this.#fitted++;
    const run = driftRunOf(variant, kept.detail);
    this.#remembered.set(k, run);
    if (this.#remembered.size > MAX_REMEMBERED) {
      const oldest = this.#remembered.keys().next().value;
      if (oldest !== undefined) this.#remembered.delete(oldest);
    }
    return run;
  }

  /** A remembered answer, refreshed as most recently used; undefined when not remembered. */
  #recall(k: string): DriftRun | null | undefined {
    if (!this.#remembered.has(k)) return undefined;
    const run = this.#remembered.get(k)!;
    this.#remembered.delete(k);
    this.#remembered.set(k, run);
    return run;
  }
}

function key(profile: string, id: number, fetchedAt: string): string {
  return `${profile}\u0000${id}\u0000${fetchedAt}`;
}
