import type { Bundle } from '../../shared/bundles';
import type { Device, VariantId } from '../../shared/variants';
import type { CachedProblem, JobCache } from '../cache/types';
import type { JobDetail } from '../../shared/variants';
import { buildBundle, bundleFileName, serializeBundle } from './build-bundle';

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
 * store's tags, notes, submissions and timelines, and returns the file's text and name.
 */
export async function collectBundle(
  deps: CollectBundleDeps,
  ids: readonly number[],
): Promise<{ bundle: Bundle; text: string; fileName: string }> {
  const jobs = [];
  for (const id of ids) {
    const answer = await deps.detail(id);
    jobs.push({
      ...answer,
      timeline: deps.cache.timeline(deps.profileKey, id),
      submission: deps.cache.annotations.submission(deps.profileKey, id),
      annotations: deps.cache.annotations.annotations(deps.profileKey, id),
    });
  }
  const devices = await deps.devices().catch(() => null);
  const bundle = buildBundle({
    createdAt: (deps.now?.() ?? new Date()).toISOString(),
    app: deps.app,
    source: deps.source,
    devices,
    jobs,
  });
  return { bundle, text: serializeBundle(bundle), fileName: bundleFileName(ids) };
}
