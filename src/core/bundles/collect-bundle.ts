import type { Bundle } from '../../shared/bundles';
import type { Device, VariantId } from '../../shared/variants';
import type { CachedProblem, JobCache } from '../job-store/types';
import type { JobDetail } from '../../shared/variants';
import type { BundleInput } from './build-bundle';
import { BundleWriter, bundleFileName } from './build-bundle';

export interface CollectBundleDeps {
  cache: JobCache;
  profileKey: string;
  /** The job's full detail, through the local store (offline when the service is away). */
  detail: (id: number) => Promise<{
    detail: JobDetail;
    problems: CachedProblem[];
    fetchedAt: string;
    fromCache: boolean;
  }>;
  /** The device list now, or null when it cannot be had (offline). */
  devices: () => Promise<{ devices: readonly Device[]; fetchedAt: string } | null>;
  app: Bundle['app'];
  source: { variant: VariantId; connection: string; baseUrl: string | null };
  now?: () => Date;
}

/**
 * Gathers what a bundle of these jobs holds from the service (or the store) and the local
 * store's tags, notes, submissions and timelines, and returns the file's text and name. One job
 * at a time: each is written into the bundle's text as soon as it arrives and its detail let go,
 * and a bundle that passes the size limit is refused at that job (a BundleError), before the
 * details of the jobs after it are fetched, kept in the local store or held in memory.
 */
export async function collectBundle(
  deps: CollectBundleDeps,
  ids: readonly number[],
): Promise<{ text: string; fileName: string; redactions: number }> {
  const writer = new BundleWriter(
    {
      createdAt: (deps.now?.() ?? new Date()).toISOString(),
      app: deps.app,
      source: deps.source,
    },
    ids.length,
  );
  // The device list is asked for once, and only for a job whose device was not kept when it
  // was submitted from here.
  let devices: Promise<BundleInput['devices']> | null = null;
  for (const id of ids) {
    const answer = await deps.detail(id);
    const submission = deps.cache.annotations.submission(deps.profileKey, id);
    if (!submission?.device) devices ??= deps.devices().catch(() => null);
    writer.add(
      {
        ...answer,
        timeline: deps.cache.timeline(deps.profileKey, id),
        submission,
        annotations: deps.cache.annotations.annotations(deps.profileKey, id),
      },
      devices ? await devices : null,
    );
  }
  return { ...writer.finish(), fileName: bundleFileName(ids) };
}
