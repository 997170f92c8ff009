import type { ProfileView, SessionState } from '../../shared/ipc/schemas';
import { TRUNCATED_PROBLEM_CODE } from '../../shared/ipc/schemas';
import type { TruncatedField, WireDecodeError } from '../../shared/wire';
import { describeTruncation } from '../client/body/job-detail-body';
import type { SessionSnapshot } from '../auth/session';
import type { SecretStore } from '../auth/secret-store';
import type { Profile } from '../profiles/schema';

/**
 * The shapes that cross the contract, made from core objects by copying known fields only: the
 * contract's schemas are strict, and a field added to a core object must not leak by accident.
 */
export function sessionView(snapshot: SessionSnapshot): SessionState {
  return {
    profileId: snapshot.profile,
    state: snapshot.state,
    user: snapshot.user,
    expiresAt: snapshot.expiresAt,
    secretStore: { kind: snapshot.secretStore.kind, secure: snapshot.secretStore.secure },
    message: snapshot.message,
  };
}

export function loggedOutView(
  profileId: string | null,
  store: SecretStore,
  message: string | null,
): SessionState {
  return {
    profileId,
    state: 'logged-out',
    user: null,
    expiresAt: null,
    secretStore: { kind: store.kind, secure: store.secure },
    message,
  };
}

const PROFILE_KEYS = [
  'id',
  'name',
  'baseUrl',
  'variant',
  'user',
  'audience',
  'paths',
  'flags',
  'pollIntervalMs',
  'timeoutMs',
  'deadlineMs',
  'builtin',
] as const satisfies readonly (keyof ProfileView)[];

/** A stored profile as the UI sees it; built-in ones carry their simulator's URL once it runs. */
export function profileView(profile: Profile, simulatorUrl: string | null): ProfileView {
  const out: Record<string, unknown> = {};
  for (const key of PROFILE_KEYS) {
    if (profile[key] !== undefined) out[key] = profile[key];
  }
  if (profile.builtin === 'simulator') {
    if (simulatorUrl) out['baseUrl'] = simulatorUrl;
    else delete out['baseUrl'];
  }
  return out as ProfileView;
}

/** A profile from the UI, ready for the settings store (built-in URLs are never stored). */
export function profileFromView(view: ProfileView): Profile {
  const { baseUrl, ...rest } = view;
  return view.builtin === 'simulator' || baseUrl === undefined ? rest : { ...rest, baseUrl };
}

export interface FieldProblemView {
  field: string;
  code: string;
  message: string;
  raw: string | null;
}

/**
 * Undecodable job detail fields, with the raw text kept for support staff (docs/wire-format.md,
 * "Errors").
 */
export function fieldProblemView(problem: WireDecodeError): FieldProblemView {
  const raw = problem.raw;
  return {
    field: problem.field,
    code: problem.code,
    message: problem.message,
    raw:
      raw === undefined || raw === null
        ? null
        : typeof raw === 'string'
          ? raw
          : JSON.stringify(raw),
  };
}

/**
 * A text part kept cut (larger than the client keeps) as it crosses the contract and the job
 * store: beside the field's decode problems, with its own code, so every view can say which
 * part of the text it shows.
 */
export function truncationView(t: TruncatedField): FieldProblemView {
  return {
    field: t.field,
    code: TRUNCATED_PROBLEM_CODE,
    message: describeTruncation(t),
    raw: null,
  };
}
