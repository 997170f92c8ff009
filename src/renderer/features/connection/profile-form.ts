import { profileSchema } from '../../../shared/ipc/schemas';
import type { ProfileView } from '../../../shared/ipc/schemas';
import type { VariantId } from '../../../shared/variants';

/** Endpoint paths a profile may override (the defaults otherwise: docs/wire-format.md). */
export const PATH_KEYS = [
  'login',
  'refresh',
  'devices',
  'jobs',
  'job',
  'execute',
  'cancel',
] as const;
export type PathKey = (typeof PATH_KEYS)[number];

export const PATH_HINTS: Record<PathKey, string> = {
  login: 'POST, returns the token',
  refresh: 'POST, exchanges the refresh token',
  devices: 'GET, lists devices',
  jobs: 'GET, lists jobs',
  job: 'GET, one job; {id} is replaced',
  execute: 'POST, submits a payload',
  cancel: 'POST, cancels a job; {id} is replaced. Empty: this connection cannot cancel',
};

/**
 * Profile settings the form shows in seconds and the profile keeps in milliseconds, with the
 * contract's bounds (src/shared/ipc/schemas.ts) for the message a person reads.
 */
export const SECONDS_FIELDS = [
  { field: 'pollSeconds', key: 'pollIntervalMs', min: 0.25, max: 600 },
  { field: 'timeoutSeconds', key: 'timeoutMs', min: 0.1, max: 600 },
  { field: 'deadlineSeconds', key: 'deadlineMs', min: 0.1, max: 600 },
] as const;
export type SecondsField = (typeof SECONDS_FIELDS)[number]['field'];

/** The form's values, all as typed (strings), so a half-typed number is not lost. */
export interface ProfileDraft {
  id: string;
  name: string;
  baseUrl: string;
  variant: VariantId;
  user: string;
  audience: string;
  paths: Record<PathKey, string>;
  /** How often running jobs are checked. */
  pollSeconds: string;
  /** One request's time-out; empty: the client's default. */
  timeoutSeconds: string;
  /** How long a call may take over all its retries; empty: the client's default. */
  deadlineSeconds: string;
  /** Query flags of the job lookup, typed as a query string (`include=result&logs=true`). */
  flagsFull: string;
  flagsLight: string;
  builtin: 'simulator' | undefined;
  /** The saved profile this draft edits: fields the form does not show are kept from it. */
  base: ProfileView | null;
}

const noPaths = (): Record<PathKey, string> =>
  Object.fromEntries(PATH_KEYS.map((k) => [k, ''])) as Record<PathKey, string>;

export function emptyDraft(): ProfileDraft {
  return {
    id: '',
    name: '',
    baseUrl: 'https://',
    variant: 'B',
    user: '',
    audience: '',
    paths: noPaths(),
    pollSeconds: '5',
    timeoutSeconds: '',
    deadlineSeconds: '',
    flagsFull: '',
    flagsLight: '',
    builtin: undefined,
    base: null,
  };
}

export function draftFromProfile(p: ProfileView): ProfileDraft {
  return {
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl ?? '',
    variant: p.variant,
    user: p.user ?? '',
    audience: p.audience ?? '',
    paths: Object.fromEntries(PATH_KEYS.map((k) => [k, p.paths?.[k] ?? ''])) as Record<
      PathKey,
      string
    >,
    ...secondsOf(p),
    flagsFull: new URLSearchParams(p.flags?.full ?? {}).toString(),
    flagsLight: new URLSearchParams(p.flags?.light ?? {}).toString(),
    builtin: p.builtin,
    base: p,
  };
}

/** A profile id from its name: the contract wants lower-case letters, digits, dot, dash, underscore. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, 64);
}

function secondsOf(p: ProfileView): Record<SecondsField, string> {
  const out = {} as Record<SecondsField, string>;
  for (const { field, key } of SECONDS_FIELDS) {
    const ms = p[key];
    out[field] = ms === undefined ? '' : String(ms / 1000);
  }
  return out;
}

/** Where a contract path shows up in the form (durations are typed in seconds). */
const FIELD_OF: Record<string, string> = Object.fromEntries(
  SECONDS_FIELDS.map(({ field, key }) => [key, field]),
);

/**
 * Builds the profile the contract expects and checks it with the contract's own schema, so the
 * form says exactly what the core would refuse, field by field, while the user types.
 */
export function validateDraft(
  draft: ProfileDraft,
  takenIds: readonly string[],
): { profile: ProfileView | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const paths = Object.fromEntries(
    PATH_KEYS.filter((k) => draft.paths[k].trim() !== '').map((k) => [k, draft.paths[k].trim()]),
  );
  const durations: Partial<Record<(typeof SECONDS_FIELDS)[number]['key'], number>> = {};
  for (const { field, key } of SECONDS_FIELDS) {
    const typed = draft[field].trim();
    if (typed === '') continue;
    const seconds = Number(typed);
    if (!Number.isFinite(seconds)) errors[field] = 'Enter a number of seconds, such as 5 or 0.5.';
    else durations[key] = Math.round(seconds * 1000);
  }
  const flags = {
    ...(draft.flagsFull.trim() ? { full: queryMap(draft.flagsFull) } : {}),
    ...(draft.flagsLight.trim() ? { light: queryMap(draft.flagsLight) } : {}),
  };
  // Start from the saved profile so fields this form does not show survive a save.
  const kept: Record<string, unknown> = { ...draft.base };
  for (const k of ['user', 'audience', 'paths', 'flags', 'baseUrl']) delete kept[k];
  for (const { key } of SECONDS_FIELDS) delete kept[key];
  const baseUrl = draft.baseUrl.trim();
  const candidate = {
    ...kept,
    id: draft.id,
    name: draft.name.trim(),
    ...(baseUrl || !draft.builtin ? { baseUrl } : {}),
    variant: draft.variant,
    ...(draft.user.trim() ? { user: draft.user.trim() } : {}),
    ...(draft.audience.trim() ? { audience: draft.audience.trim() } : {}),
    ...(Object.keys(paths).length ? { paths } : {}),
    ...durations,
    ...(Object.keys(flags).length ? { flags } : {}),
    ...(draft.builtin ? { builtin: draft.builtin } : {}),
  };
  const parsed = profileSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      const field = key.startsWith('flags.full')
        ? 'flagsFull'
        : key.startsWith('flags.light')
          ? 'flagsLight'
          : (FIELD_OF[key] ?? key);
      errors[field] ??= humanise(field, issue.message);
    }
  }
  if (takenIds.includes(draft.id)) errors.name = 'Another connection already has this name.';
  const ok = Object.keys(errors).length === 0 && parsed.success;
  return { profile: ok ? parsed.data : null, errors };
}

/**
 * What a base URL looks like: it ends in the API version segment (README, "Point it at a real
 * service"), and the service's paths are relative to it.
 */
export const BASE_URL_EXAMPLE = 'https://host/public-api/api/v1';

function queryMap(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text.trim().replace(/^\?/, '')));
}

/** The schema's messages are written for developers; say the same thing for people. */
function humanise(field: string, message: string): string {
  if (field === 'baseUrl')
    return `Enter the full http or https address, such as ${BASE_URL_EXAMPLE}.`;
  if (field === 'name') return 'Give the connection a name (up to 80 characters).';
  if (field === 'id') return 'Start the name with a letter or digit.';
  const seconds = SECONDS_FIELDS.find((f) => f.field === field);
  if (seconds) return `Between ${seconds.min} and ${seconds.max} seconds.`;
  if (field.startsWith('paths.') && /start/i.test(message))
    return 'A path on the service, starting with “/”.';
  if (field.startsWith('flags')) return 'Write flags as name=value pairs joined by &.';
  return message.charAt(0).toUpperCase() + message.slice(1) + '.';
}
