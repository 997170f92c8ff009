import type { Database } from 'better-sqlite3';
import type { DurationModel, JobTimes } from '../../shared/estimates';
import { buildDurationModel, openJobAt, stuckVerdict } from '../../shared/estimates';
import { isTerminalStatus, jobStatusSchema } from '../../shared/variants';
import type { JobCache } from '../job-store';
import { SqliteJobCache } from '../job-store';
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
    unfinished: ReturnType<Database['prepare']>;
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
        // Unfinished: a status that is not final, or none and no completion time (Variant A).
        unfinished: db
          .prepare(
            `SELECT id, status, job_type, device_id, created_at, completed_at FROM jobs
             WHERE profile = ? AND (status IN ('pending', 'validating', 'queued', 'running')
               OR (status IS NULL AND completed_at IS NULL))`,
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

  /**
   * The unfinished jobs of a profile that look stuck at `now` (the rule of src/shared/estimates,
   * the same the job table flags), for the notice that tells a job's end.
   */
  stuckJobs(profile: string, now: number = Date.now()): number[] {
    const model = this.model(profile);
    const since = this.#runningSince(profile);
    const stuck: number[] = [];
    for (const job of this.#unfinished(profile)) {
      const open = openJobAt(job, since[String(job.id)], now);
      if (open && stuckVerdict(model, open)) stuck.push(job.id);
    }
    return stuck;
  }

  #unfinished(profile: string): (JobTimes & { id: number })[] {
    if (!this.#sql) {
      return this.#cache
        .listRecords(profile)
        .filter(
          (r) => !isTerminalStatus(r.status) && !(r.status == null && r.completed_at != null),
        );
    }
    const out: (JobTimes & { id: number })[] = [];
    for (const raw of this.#sql.unfinished.iterate(profile) as Iterable<unknown[]>) {
      const [id, status, jobType, deviceId, createdAt, completedAt] = raw;
      if (typeof id !== 'number' || typeof deviceId !== 'number' || typeof createdAt !== 'string')
        continue;
      const known = jobStatusSchema.safeParse(status);
      out.push({
        id,
        device_id: deviceId,
        status: known.success ? known.data : null,
        created_at: createdAt,
        completed_at: typeof completedAt === 'string' ? completedAt : null,
        jobType,
      });
    }
    return out;
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
