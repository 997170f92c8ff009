import { useNow } from '../../../ui/hooks/useNow';
import type { JobRecord } from '../../../state/jobs/store';
import { isFinished } from '../../../state/jobs/store';
import { formatDuration } from '../job-format';
import { durationMs } from '../../../state/jobs/job-query';

/**
 * How long a finished job took; an unfinished one has no duration yet, only an age (the time
 * since it was created, queue included), which ticks (only rows on screen exist, so few timers).
 */
export function JobDuration({ job }: { job: JobRecord }) {
  return isFinished(job) ? <FinishedDuration job={job} /> : <RunningDuration job={job} />;
}

function FinishedDuration({ job }: { job: JobRecord }) {
  // A finished job without a completion time (Variant A may omit it) has no known duration.
  return <>{job.completed_at ? formatDuration(durationMs(job, 0)) : '—'}</>;
}

function RunningDuration({ job }: { job: JobRecord }) {
  const now = useNow(1000);
  return (
    <span className="muted" title="Not finished yet: the time since the job was created">
      age {formatDuration(durationMs(job, now))}
    </span>
  );
}
