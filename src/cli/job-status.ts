import type { ServiceClient } from '../core/client/types';
import type { JobInfo } from '../shared/variants';
import { VARIANTS } from '../shared/variants';

/** Parallel lookups: enough to be quick, few enough not to hammer the service. */
const CONCURRENCY = 8;

/**
 * Where the variant's job list carries no `status` (the specification does not show it there),
 * each single-job lookup does: ask for the cheap form of every job lacking one, so the table
 * and `--status` work the same in both variants. A lookup that fails leaves the status unknown.
 */
export async function withStatuses(
  client: ServiceClient,
  jobs: JobInfo[],
  signal?: AbortSignal,
): Promise<JobInfo[]> {
  if (VARIANTS[client.variant].jobInfoStatusRequired) return jobs;
  const out = [...jobs];
  const todo = out.map((job, index) => ({ job, index })).filter(({ job }) => job.status == null);
  const worker = async () => {
    for (let next = todo.shift(); next; next = todo.shift()) {
      try {
        const { detail } = await client.getJob(next.job.id, signal ? { signal } : {});
        if (detail.status != null) out[next.index] = { ...next.job, status: detail.status };
      } catch {
        /* the status stays unknown ('-'); the list itself is still right */
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, worker));
  return out;
}
