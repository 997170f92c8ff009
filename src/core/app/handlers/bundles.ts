import { BundleError } from '../../../shared/bundles';
import { collectBundle, openBundle } from '../../bundles';
import type { JobCache } from '../../job-store';
import { profileCacheKey } from '../../job-store';
import { APP_ERROR_CODES, AppError } from '../../errors/app-error';
import type { ConnectionManager } from '../connection-manager';
import type { NamespaceHandlers } from '../dispatch';
import { fetchDetail } from '../job-details';

export interface BundlesDeps {
  connections: ConnectionManager;
  cache: JobCache;
  app: { name: string; version: string; shell: 'electron' | 'web' };
}

/** Job bundles (docs/rerun-tags-bundles.md): made from the active connection's jobs, opened read-only. */
export function bundlesHandlers(deps: BundlesDeps): NamespaceHandlers<'bundles'> {
  const { connections, cache } = deps;
  return {
    'bundles.export': async ({ ids }) => {
      const conn = connections.requireActive();
      const { profile } = conn;
      try {
        const { text, fileName, redactions } = await collectBundle(
          {
            cache,
            profileKey: profileCacheKey(profile),
            detail: (id) => fetchDetail(cache, conn, id, true),
            devices: async () => (conn.isLoggedIn ? conn.devices(false) : null),
            app: deps.app,
            source: {
              variant: profile.variant,
              connection: profile.name,
              baseUrl: profile.builtin ? null : (profile.baseUrl ?? null),
            },
          },
          ids,
        );
        return { text, fileName, redactions };
      } catch (error) {
        if (error instanceof BundleError)
          throw new AppError(APP_ERROR_CODES.invalidInput, error.message);
        throw error;
      }
    },

    'bundles.open': async ({ text, fileName }) => {
      try {
        return openBundle(text, fileName);
      } catch (error) {
        if (error instanceof BundleError) {
          throw new AppError(APP_ERROR_CODES.invalidInput, error.message, {
            issues: [{ path: error.where ?? '', message: error.message }],
          });
        }
        throw error;
      }
    },
  };
}
