import type { VariantId } from '../../shared/variants';

/**
 * The key a profile's jobs are kept under. A built-in simulator profile keeps its id (its URL
 * changes with every launch, its jobs do not); any other profile is keyed by where it points and
 * which variant decodes it, so editing a profile's base URL never shows another service's jobs.
 */
export function profileCacheKey(profile: {
  id: string;
  variant: VariantId;
  baseUrl?: string | undefined;
  builtin?: string | undefined;
}): string {
  if (profile.builtin) return `${profile.id}:${profile.variant}`;
  return `${profile.id}:${profile.variant}:${profile.baseUrl ?? ''}`;
}

/** The shape `profileCacheKey` gives a built-in simulator profile: its id and variant alone. */
const BUILTIN_KEY = /^[^:@]+:[AB]$/;

/**
 * A key in the one annotation store every shell shares (shared-annotations.ts). A built-in
 * simulator's jobs are numbered by the simulator of the shell that runs it (the desktop app's,
 * browser mode's and qjob's own each count from 1), so there its key names that shell:
 * `simulator-b:B@web`. A service's key is the same from every shell: its jobs are the same jobs.
 */
export function scopedCacheKey(key: string, scope: string): string {
  return BUILTIN_KEY.test(key) ? `${key}@${scope}` : key;
}
