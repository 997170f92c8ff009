import type { VariantId } from '../../shared/variants';
import { SIMULATOR_CREDENTIALS } from '../../simulator';
import type { Profile } from './schema';

// Built-in profiles log in to the embedded simulator with its own defaults; re-exported so the
// code that logs them in needs no knowledge of where the simulator keeps them.
export { SIMULATOR_CREDENTIALS };

/**
 * One built-in profile per variant. Their base URL is filled in at run time, when the
 * embedded simulator has started and knows its port.
 */
export const BUILTIN_PROFILES: readonly Profile[] = Object.freeze([
  builtin('simulator-a', 'A'),
  builtin('simulator-b', 'B'),
]);

function builtin(id: string, variant: VariantId): Profile {
  return {
    id,
    name: `Simulator (Variant ${variant})`,
    variant,
    user: SIMULATOR_CREDENTIALS.user,
    builtin: 'simulator',
  };
}

/** The first-start profile: the embedded Variant A simulator, needing no network and no account. */
export const DEFAULT_PROFILE_ID = 'simulator-a';

/** The built-in simulator profile of a variant (`qjob web --variant B` starts on it). */
export function builtinProfileId(variant: VariantId): string {
  const found = BUILTIN_PROFILES.find((p) => p.builtin === 'simulator' && p.variant === variant);
  if (!found) throw new Error(`no built-in simulator profile for Variant ${variant}`);
  return found.id;
}

export function isBuiltinProfileId(id: string): boolean {
  return BUILTIN_PROFILES.some((p) => p.id === id);
}

/** Adds the built-in profiles a settings file lacks, in front, leaving stored ones as they are. */
export function withBuiltinProfiles(profiles: readonly Profile[]): Profile[] {
  const missing = BUILTIN_PROFILES.filter((b) => !profiles.some((p) => p.id === b.id)).map((b) => ({
    ...b,
  }));
  return [...missing, ...profiles];
}
