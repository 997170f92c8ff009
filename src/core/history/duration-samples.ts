import type { Database } from 'better-sqlite3';
import type { DurationSample } from '../../shared/estimates';
import type { JobCache } from '../job-store';

/**
 * The newest completed jobs looked at for the duration model. The model keeps 200 per device
 * and job type; this many rows cover that for dozens of devices and types while a profile with
 * 100,000 jobs costs a bounded read.
 */
export const SCAN_COMPLETED = 20_000;

export interface SampleReader {
  (profile: string): DurationSample[];
  /** Changes whenever the set of completed jobs does (their count or newest id). */
  signature(profile: string): string;
}

/** Reads duration samples (newest first) from the SQLite store, in one statement. */
export function sqliteDurationSamples(db: Database): SampleReader {
  const firstAt = (status: string) =>
    `(SELECT t.at FROM timeline t WHERE t.profile = j.profile AND t.job_id = j.id AND t.status = '${status}' ORDER BY t.rowid LIMIT 1)`;
  const samples = db
    .prepare(
      `SELECT j.device_id, j.job_type, j.created_at, j.completed_at, ${firstAt('running')}, ${firstAt('completed')}
       FROM jobs j WHERE j.profile = ? AND j.status = 'completed' AND j.completed_at IS NOT NULL
       ORDER BY j.id DESC LIMIT ${SCAN_COMPLETED}`,
    )
    .raw(true);
  const signature = db
    .prepare("SELECT count(*), max(id) FROM jobs WHERE profile = ? AND status = 'completed'")
    .raw(true);
  const read = (profile: string): DurationSample[] => {
    const out: DurationSample[] = [];
    for (const raw of samples.iterate(profile) as Iterable<unknown[]>) {
      const s = toSample(raw[0], raw[1], raw[2], raw[3], raw[4], raw[5]);
      if (s) out.push(s);
    }
    return out;
  };
  return Object.assign(read, {
    signature: (profile: string) => JSON.stringify(signature.get(profile)),
  });
}

/** The same from any store, through its public interface (the memory store: few jobs). */
export function storeDurationSamples(cache: JobCache, profile: string): DurationSample[] {
  const out: DurationSample[] = [];
  for (const r of cache.listRecords(profile)) {
    if (r.status !== 'completed' || !r.completed_at) continue;
    const timeline = cache.timeline(profile, r.id);
    const at = (status: string) => timeline.find((e) => e.status === status)?.at ?? null;
    const s = toSample(
      r.device_id,
      r.jobType,
      r.created_at,
      r.completed_at,
      at('running'),
      at('completed'),
    );
    if (s) out.push(s);
    if (out.length >= SCAN_COMPLETED) break;
  }
  return out;
}

/** One sample, or null when its times do not make one (each value checked: rows come from disk). */
function toSample(
  deviceId: unknown,
  kind: unknown,
  createdAt: unknown,
  completedAt: unknown,
  runningSeen: unknown,
  endSeen: unknown,
): DurationSample | null {
  if (typeof deviceId !== 'number' || !Number.isInteger(deviceId)) return null;
  const totalMs = ms(completedAt) - ms(createdAt);
  if (!(totalMs >= 0)) return null;
  const runningMs = ms(endSeen) - ms(runningSeen);
  return {
    deviceId,
    kind: typeof kind === 'string' ? kind : null,
    totalMs,
    runningMs: runningMs >= 0 ? runningMs : null,
  };
}

function ms(iso: unknown): number {
  return typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
}
