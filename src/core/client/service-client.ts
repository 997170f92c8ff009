import type { VariantId } from '../../shared/variants';
import type { RequestAuthorizer } from './authorizer';
import { callKit } from './call-kit';
import { resolveFlags, resolvePaths } from './endpoints';
import { ServiceError } from './errors';
import { jobCalls } from './job-calls';
import { resolveRetry } from './retry';
import { resolveBodyLimits } from './body/limits';
import { serviceCalls } from './service-calls';
import { sessionCalls } from './session-calls';
import type { ResolvedClientConfig, ServiceClient, ServiceClientOptions } from './types';
import { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS } from '../../shared/ipc/schemas';
import { DEFAULT_USER_AGENT } from './user-agent';
import { quoted } from '../../shared/text/quote';

// The defaults a profile falls back to live beside the profile's fields, where the UI reads them.
export { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS };

/**
 * The one client per connection. It speaks the wire of docs/wire-format.md through the codecs
 * of src/shared/wire, validates every answer against the variant's models, and turns every
 * failure into a ServiceError that says what was being done (call-kit.ts); its calls are
 * grouped by what they reach: the session, the service's offer, the jobs.
 */
export function createServiceClient<V extends VariantId>(
  options: ServiceClientOptions<V>,
): ServiceClient<V> {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch (error) {
    throw new ServiceError({
      code: 'network',
      operation: 'connecting',
      message: `The base URL ${quoted(options.baseUrl, "'")} is not a valid URL.`,
      cause: error,
    });
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new ServiceError({
      code: 'network',
      operation: 'connecting',
      message: `The base URL ${quoted(options.baseUrl, "'")} must start with http:// or https://.`,
    });
  }
  const config: ResolvedClientConfig<V> = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    variant: options.variant,
    paths: resolvePaths(options.paths),
    flags: resolveFlags(options.flags),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
    retry: resolveRetry(options.retry),
    limits: resolveBodyLimits(options.limits),
  };
  return buildClient(config, options, options.session);
}

function buildClient<V extends VariantId>(
  config: ResolvedClientConfig<V>,
  options: ServiceClientOptions<V>,
  authorizer: RequestAuthorizer | undefined,
): ServiceClient<V> {
  const kit = callKit(config, options, authorizer);
  return {
    variant: config.variant,
    baseUrl: config.baseUrl,
    config,
    ...sessionCalls(kit),
    ...serviceCalls(kit),
    ...jobCalls(kit),
    withSession(session: RequestAuthorizer): ServiceClient<V> {
      return buildClient(config, options, session);
    },
  };
}
