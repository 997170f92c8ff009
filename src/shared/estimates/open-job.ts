import type { JobStatus } from '../variants';
import type { OpenJob } from './estimate';
import { phaseOf } from './estimate';

/** The fields of a job record the estimates read. */
export interface JobTimes {
  device_id: number;
  status?: JobStatus | null | undefined;
  completed_at?: string | null | undefined;
  created_at: string;
  jobType?: unknown;
}

/**
 * An unfinished job as the estimates see it at `now`, or null for a finished one. A waiting
 * job's time counts from its creation, a running one's from `runningSince` (when this app first
 * saw it running; just now when not known yet). A record without a status but with a completion
 * time has ended.
 */
export function openJobAt(
  job: JobTimes,
  runningSince: string | undefined,
  now: number,
): OpenJob | null {
  const phase = job.status == null && job.completed_at != null ? null : phaseOf(job.status);
  if (!phase) return null;
  const since = phase === 'running' ? runningSince : job.created_at;
  const started = since ? Date.parse(since) : now;
  return {
    deviceId: job.device_id,
    kind: typeof job.jobType === 'string' ? job.jobType : null,
    phase,
    elapsedMs: Number.isFinite(started) ? Math.max(0, now - started) : 0,
  };
}
