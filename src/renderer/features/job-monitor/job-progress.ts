import type { LogProgress } from '../../../shared/jobs/log-progress';
import type { JobRow } from '../../state/jobs/job-query';

/**
 * How far a running job is: from its own log when the log has been read (the open job's is, as
 * it runs), else an estimate from how long it has been going against how long jobs on its
 * device usually take (the finished jobs this app knows of).
 */
export type JobProgress =
  | { kind: 'log'; fraction: number; message: string }
  | { kind: 'estimate'; fraction: number; elapsedMs: number; usualMs: number };

/** The newest finished jobs of a device that make its usual duration; fewer say nothing. */
const SAMPLES = 25;
const MIN_SAMPLES = 3;
/** The list is newest first: the recent past is enough, and 100,000 rows are not walked. */
const SCAN_ROWS = 5_000;
/** An estimate never claims the end: only the job's own status says it is over. */
const ESTIMATE_CAP = 0.99;

/**
 * Per device id, the median time from creation to completion of its latest completed jobs.
 * Creation, not start: a job's record says when it was created and when it ended, not when it
 * began to run, so the estimate compares like with like (both include the wait in the queue).
 */
export function usualDurations(rows: readonly JobRow[]): Map<number, number> {
  const samples = new Map<number, number[]>();
  const n = Math.min(rows.length, SCAN_ROWS);
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    if (row.status !== 'completed' || !row.completed_at) continue;
    const list = samples.get(row.device_id) ?? [];
    if (list.length >= SAMPLES) continue;
    const ms = Date.parse(row.completed_at) - Date.parse(row.created_at);
    if (!(ms >= 0)) continue;
    list.push(ms);
    samples.set(row.device_id, list);
  }
  const out = new Map<number, number>();
  for (const [device, list] of samples) {
    if (list.length < MIN_SAMPLES) continue;
    list.sort((a, b) => a - b);
    const mid = list.length >> 1;
    out.set(device, list.length % 2 ? list[mid]! : (list[mid - 1]! + list[mid]!) / 2);
  }
  return out;
}

/** A running job's progress, or null when it is not running or nothing can be said. */
export function jobProgress(
  row: JobRow,
  log: LogProgress | null,
  usualMs: number | undefined,
  now: number,
): JobProgress | null {
  if (row.status !== 'running') return null;
  if (log) return { kind: 'log', fraction: log.fraction, message: log.message };
  if (usualMs === undefined || !(usualMs > 0)) return null;
  const elapsedMs = Math.max(0, now - Date.parse(row.created_at));
  if (!Number.isFinite(elapsedMs)) return null;
  return {
    kind: 'estimate',
    fraction: Math.min(ESTIMATE_CAP, elapsedMs / usualMs),
    elapsedMs,
    usualMs,
  };
}

/** "42 %", or "~42 %" for an estimate. */
export function progressPercent(p: JobProgress): string {
  const percent = Math.floor(p.fraction * 100);
  return `${p.kind === 'estimate' ? '~' : ''}${percent} %`;
}
