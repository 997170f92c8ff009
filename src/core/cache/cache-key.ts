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
