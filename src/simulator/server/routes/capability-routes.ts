import { CAPABILITIES_PATH, SIMULATOR_CANCEL_PATH } from '../../../shared/jobs/cancel-support';
import type { Capabilities } from '../../../shared/jobs/cancel-support';
import type { Route } from '../router';

/**
 * `GET /capabilities`, a SIMULATOR EXTENSION: what the simulator offers beyond the service's
 * documented interface, so a client finds it without being told (docs/simulator.md). Open to
 * anyone: it says only which endpoints exist, nothing about jobs or users.
 */
export function capabilityRoutes(): Route[] {
  const capabilities: Capabilities = {
    cancel: { method: 'POST', path: SIMULATOR_CANCEL_PATH },
  };
  return [
    {
      method: 'GET',
      path: CAPABILITIES_PATH,
      auth: 'none',
      handle: () => ({ status: 200, body: capabilities }),
    },
  ];
}
