import { pathIssues } from '../../shared/variants/issues';
import { isBuiltinProfileId } from './builtin';
import { ProfileError } from './errors';
import type { Profile, Settings } from './schema';
import { profileSchema } from './schema';
import { quoted } from '../../shared/text/quote';

export function findProfile(settings: Settings, id: string): Profile | undefined {
  return settings.profiles.find((p) => p.id === id);
}

export function requireProfile(settings: Settings, id: string): Profile {
  const profile = findProfile(settings, id);
  if (!profile) {
    const known = settings.profiles.map((p) => p.id).join(', ');
    throw new ProfileError(
      'not-found',
      `There is no profile ${quoted(id, "'")}. Known profiles: ${known || 'none'}.`,
    );
  }
  return profile;
}

/** Adds or replaces a profile (validated). Built-in profiles keep their identity. */
export function upsertProfile(settings: Settings, profile: Profile): Settings {
  const parsed = profileSchema.safeParse(profile);
  if (!parsed.success) {
    const issues = pathIssues(parsed.error.issues);
    throw new ProfileError(
      'invalid',
      `The profile is not valid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      {
        issues,
      },
    );
  }
  const next = parsed.data;
  if (isBuiltinProfileId(next.id) && next.builtin !== 'simulator') {
    throw new ProfileError(
      'builtin',
      `${quoted(next.id, "'")} is a built-in simulator profile; choose another id.`,
    );
  }
  const index = settings.profiles.findIndex((p) => p.id === next.id);
  const profiles = [...settings.profiles];
  if (index >= 0) profiles[index] = next;
  else profiles.push(next);
  return { ...settings, profiles };
}

export function deleteProfile(settings: Settings, id: string): Settings {
  if (isBuiltinProfileId(id))
    throw new ProfileError('builtin', `${quoted(id, "'")} is built in and cannot be deleted.`);
  requireProfile(settings, id);
  const app =
    settings.app.lastProfile === id ? { ...settings.app, lastProfile: null } : settings.app;
  return { ...settings, profiles: settings.profiles.filter((p) => p.id !== id), app };
}

/** A built-in simulator profile pointed at the simulator that is running now. */
export function withSimulatorUrl(profile: Profile, simulatorUrl: string): Profile {
  return profile.builtin === 'simulator' ? { ...profile, baseUrl: simulatorUrl } : profile;
}
