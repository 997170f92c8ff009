import type { Estimate, JobTimes, StuckVerdict } from '../../../../shared/estimates';
import { estimateRemaining, openJobAt, stuckVerdict } from '../../../../shared/estimates';
import type { EstimatesView } from '../../../state/estimates/store';

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
  job: JobTimes & { id: number },
  now: number,
): JobWhen | null {
  if (!view) return null;
  const open = openJobAt(job, view.runningSince[String(job.id)], now);
  if (!open) return null;
  return {
    estimate: estimateRemaining(view.model, open),
    stuck: stuckVerdict(view.model, open),
    elapsedMs: open.elapsedMs,
  };
}
