import type { Estimate, StuckVerdict } from '../../../shared/estimates';
import { estimateRemaining, phaseOf, stuckVerdict } from '../../../shared/estimates';
import type { JobStatus } from '../../../shared/variants';
import type { EstimatesView } from '../../state/estimates/store';

export interface JobWhen {
  estimate: Estimate;
  stuck: StuckVerdict | null;
  /** Time already spent in the current phase. */
  elapsedMs: number;
}

/**
 * When an unfinished job may end and whether it looks stuck, at `now`; null for a finished job
 * or while nothing is known. A waiting job's time counts from its creation, a running one's from
 * when this app first saw it running (just now, while the core has not said yet).
 */
export function jobWhen(
  view: EstimatesView | null,
  job: {
    id: number;
    device_id: number;
    status?: JobStatus | null | undefined;
    completed_at?: string | null | undefined;
    created_at: string;
    jobType?: unknown;
  },
  now: number,
): JobWhen | null {
  if (!view) return null;
  const phase = job.status == null && job.completed_at != null ? null : phaseOf(job.status);
  if (!phase) return null;
  const since = phase === 'running' ? view.runningSince[String(job.id)] : job.created_at;
  const started = since ? Date.parse(since) : now;
  const open = {
    deviceId: job.device_id,
    kind: typeof job.jobType === 'string' ? job.jobType : null,
    phase,
    elapsedMs: Number.isFinite(started) ? Math.max(0, now - started) : 0,
  };
  return {
    estimate: estimateRemaining(view.model, open),
    stuck: stuckVerdict(view.model, open),
    elapsedMs: open.elapsedMs,
  };
}
