import type { JobDetail } from '../../shared/variants';
import type { CachedProblem, DetailAnswer, DetailAsk, Fetcher, JobCache } from '../job-store';
import { getJob, profileCacheKey } from '../job-store';
import type { ActiveConnection } from './active-connection';
import { fieldProblemView, truncationView } from './views';

/** Where the job store keeps a connection's jobs. */
export const cacheKeyOf = (active: ActiveConnection): string => profileCacheKey(active.profile);

/** The service, or why it is not asked: without a login the store answers on its own. */
export function fetcher<T>(active: ActiveConnection, fetch: () => Promise<T>): Fetcher<T> {
  if (active.isLoggedIn) return { fetch };
  return { unavailable: `Not logged in to ${active.profile.name}.`, reason: 'logged-out' };
}

/**
 * A job's detail through the local store: the service answers when it can, the store when it
 * cannot, and keeps every answer.
 */
export function fetchDetail(
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
  return getJob(cache, cacheKeyOf(active), id, ask, source);
}
