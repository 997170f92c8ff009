import type { VariantId } from '../../shared/variants/declaration';
import { BUILTIN_PROFILES } from '../profiles/builtin';

/** The first-start profile: the embedded Variant A simulator, needing no network and no account. */
export const DEFAULT_PROFILE_ID = 'simulator-a';

/** The built-in simulator profile of a variant (`qjob web --variant B` starts on it). */
export function builtinProfileId(variant: VariantId): string {
  const found = BUILTIN_PROFILES.find((p) => p.builtin === 'simulator' && p.variant === variant);
  if (!found) throw new Error(`no built-in simulator profile for Variant ${variant}`);
  return found.id;
}
