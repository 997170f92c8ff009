import type { VariantId } from '../../shared/variants';
import { isServiceError } from '../client/errors';
import type { ServiceClient } from '../client/types';

/** How the app says to switch a connection's variant, at the end of a mismatch message. */
export const APP_SWITCH_HINT = (detected: VariantId): string =>
  `Switch it in Manage connections: edit this connection and set its variant to ${detected}.`;

export interface VariantMismatchSeen {
  detected: VariantId;
  message: string;
}

type Watched = 'listJobs' | 'getJob' | 'execute';
const WATCHED: readonly Watched[] = ['listJobs', 'getJob', 'execute'];

/**
 * The same client, telling `onMismatch` when an answer said the service speaks the other
 * variant, whoever made the call (the job list, a detail the UI opened, the poller), so the
 * session bar can say it wherever the person is looking.
 */
export function watchVariant<C extends ServiceClient>(
  client: C,
  onMismatch: (seen: VariantMismatchSeen) => void,
): C {
  const wrapped = Object.create(client) as C;
  for (const name of WATCHED) {
    const original = client[name] as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(wrapped, name, {
      value: async (...args: unknown[]) => {
        try {
          return await original.apply(client, args);
        } catch (error) {
          if (isServiceError(error) && error.code === 'variant-mismatch' && error.variant)
            onMismatch({ detected: error.variant.detected, message: error.message });
          throw error;
        }
      },
    });
  }
  return wrapped;
}
