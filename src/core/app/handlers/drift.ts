import { profileCacheKey } from '../../job-store';
import type { DriftService } from '../../drift';
import type { ConnectionManager } from '../connection-manager';
import type { NamespaceHandlers } from '../dispatch';

/**
 * Calibration drift (docs/calibration-drift.md): read from the local job store only, so it is
 * the same against the simulator and a real service, and works offline.
 */
export function driftHandlers(deps: {
  connections: ConnectionManager;
  drift: DriftService;
}): NamespaceHandlers<'drift'> {
  return {
    'drift.series': async ({ deviceId, quantity, qubit, from, to }) => {
      const { profile } = deps.connections.requireActive();
      return deps.drift.series(profileCacheKey(profile), profile.variant, deviceId, {
        quantity,
        qubit,
        from,
        to,
      });
    },
  };
}
