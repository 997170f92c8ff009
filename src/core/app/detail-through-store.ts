import type { JobDetail } from '../../shared/variants';
import type { CachedProblem, DetailAnswer, DetailAsk, Fetcher, JobCache } from '../cache';
import { getJob, profileCacheKey } from '../cache';
import type { ActiveConnection } from './active-connection';
import { fieldProblemView, truncationView } from './views';

/** The service, or why it is not asked: without a login the store answers on its own. */
export function fetcher<T>(active: ActiveConnection, fetch: () => Promise<T>): Fetcher<T> {
  if (active.isLoggedIn) return { fetch };
  return { unavailable: `Not logged in to ${active.profile.name}.`, reason: 'logged-out' };
}

/**
 * One job's detail through the local store: the service's answer when it can be reached (and
 * kept), the stored copy when it cannot. Shared by the monitor, rerun and bundles.
 */
export function detailThroughStore(
  cache: JobCache,
  active: ActiveConnection,
  id: number,
  ask: DetailAsk,
): Promise<DetailAnswer> {
  const source = fetcher(active, async () => {
    const { detail, problems, truncated } = await active.client.getJob(
      id,
      typeof ask === 'boolean' ? { full: ask } : { fields: ask.fields },
    );
    return {
      detail: detail as JobDetail,
      problems: [
        ...problems.map(fieldProblemView),
        ...(truncated ?? []).map(truncationView),
      ] as CachedProblem[],
    };
  });
  return getJob(cache, profileCacheKey(active.profile), id, ask, source);
}
