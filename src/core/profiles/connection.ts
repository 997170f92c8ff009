import { cancelPathOf } from '../../shared/jobs/cancel-support';
import type { RequestAuthorizer } from '../client/authorizer';
import type { FetchLike } from '../client/transport';
import type { ServiceClientOptions } from '../client/types';
import type { Logger } from '../logging/logger';
import { ProfileError } from './errors';
import type { Profile } from './schema';

/** Default poll interval of a profile's job watcher: fast enough to feel live. */
export const DEFAULT_POLL_INTERVAL_MS = 1_000;

/** The audience of the login assertion: the profile's, or its base URL. */
export function profileAudience(profile: Profile): string {
  return profile.audience ?? (profile.baseUrl ?? '').replace(/\/+$/, '');
}

/** The client options a profile stands for. */
export function clientOptionsForProfile(
  profile: Profile,
  runtime: { fetch: FetchLike; userAgent?: string; session?: RequestAuthorizer; logger?: Logger },
): ServiceClientOptions {
  if (!profile.baseUrl) {
    throw new ProfileError(
      'no-base-url',
      profile.builtin === 'simulator'
        ? `'${profile.id}' points at the embedded simulator, which is not running. Start it (qjob simulator) and pass its URL with --base-url.`
        : `The profile '${profile.id}' has no base URL.`,
    );
  }
  const options: ServiceClientOptions = {
    baseUrl: profile.baseUrl,
    variant: profile.variant,
    fetch: runtime.fetch,
  };
  // The built-in simulator profiles cancel at the simulator's endpoint unless they name another.
  const cancel = cancelPathOf(profile);
  if (profile.paths || cancel !== null)
    options.paths = { ...profile.paths, ...(cancel !== null ? { cancel } : {}) };
  if (profile.flags) options.flags = profile.flags;
  if (profile.timeoutMs !== undefined) options.timeoutMs = profile.timeoutMs;
  if (profile.deadlineMs !== undefined) options.deadlineMs = profile.deadlineMs;
  if (runtime.userAgent) options.userAgent = runtime.userAgent;
  if (runtime.session) options.session = runtime.session;
  if (runtime.logger) options.logger = runtime.logger;
  return options;
}
