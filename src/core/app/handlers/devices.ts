import type { ConnectionManager } from '../connection-manager';
import type { NamespaceHandlers } from '../dispatch';

/** The devices of the active connection's service (kept until asked to refresh). */
export function devicesHandlers(connections: ConnectionManager): NamespaceHandlers<'devices'> {
  return {
    'devices.list': ({ refresh }) => connections.requireActive().devices(refresh ?? false),
  };
}
