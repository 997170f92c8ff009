import { profileCacheKey } from '../../job-store';
import type { EstimatesService } from '../../history';
import type { ConnectionManager } from '../connection-manager';
import type { NamespaceHandlers } from '../dispatch';

export interface EstimatesDeps {
  connections: ConnectionManager;
  estimates: EstimatesService;
}

/** Estimates of when jobs end, read from the local store. */
export function estimatesHandlers(deps: EstimatesDeps): NamespaceHandlers<'estimates'> {
  return {
    'estimates.get': async () => ({
      ...deps.estimates.get(profileCacheKey(deps.connections.requireActive().profile)),
      builtAt: new Date().toISOString(),
    }),
  };
}
