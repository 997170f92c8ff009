import type { Database } from 'better-sqlite3';
import type { DurationModel } from '../../shared/estimates';
import { buildDurationModel } from '../../shared/estimates';
import type { JobCache } from '../cache';
import { SqliteJobCache } from '../cache';
import { sqliteDurationSamples, storeDurationSamples } from './duration-samples';

export interface EstimatesAnswer {
  model: DurationModel;
  /** Unfinished jobs seen running: when this app first saw each running (ISO 8601), by id. */
  runningSince: Record<string, string>;
}

/**
 * The duration model of a profile's finished jobs and when its running jobs started, for the
 * estimates and the stuck rule (src/shared/estimates). The model is built again only when the
 * set of completed jobs changed (their count or newest id), so asking often is cheap.
 */
export class EstimatesService {
  readonly #cache: JobCache;
  readonly #sql: {
    samples: ReturnType<typeof sqliteDurationSamples>;
    running: ReturnType<Database['prepare']>;
  } | null;
  readonly #built = new Map<string, { signature: string; model: DurationModel }>();

  constructor(cache: JobCache) {
    this.#cache = cache;
    if (cache instanceof SqliteJobCache) {
      const db = cache.database;
      this.#sql = {
        samples: sqliteDurationSamples(db),
        running: db
          .prepare(
            `SELECT j.id, (SELECT t.at FROM timeline t WHERE t.profile = j.profile AND t.job_id = j.id
               AND t.status = 'running' ORDER BY t.rowid DESC LIMIT 1)
             FROM jobs j WHERE j.profile = ? AND j.status = 'running'`,
          )
          .raw(true),
      };
    } else this.#sql = null;
  }

  get(profile: string): EstimatesAnswer {
    return { model: this.model(profile), runningSince: this.#runningSince(profile) };
  }

  model(profile: string): DurationModel {
    const sql = this.#sql;
    if (!sql) return buildDurationModel(storeDurationSamples(this.#cache, profile));
    const signature = sql.samples.signature(profile);
    const kept = this.#built.get(profile);
    if (kept && kept.signature === signature) return kept.model;
    const model = buildDurationModel(sql.samples(profile));
    this.#built.set(profile, { signature, model });
    return model;
  }

  #runningSince(profile: string): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.#sql) {
      for (const raw of this.#sql.running.iterate(profile) as Iterable<unknown[]>) {
        if (typeof raw[0] === 'number' && typeof raw[1] === 'string') out[String(raw[0])] = raw[1];
      }
      return out;
    }
    for (const r of this.#cache.listRecords(profile)) {
      if (r.status !== 'running') continue;
      const at = this.#cache.timeline(profile, r.id).findLast((e) => e.status === 'running')?.at;
      if (at) out[String(r.id)] = at;
    }
    return out;
  }
}
