import type { ConnectionManager } from '../connection-manager';
import type { NamespaceHandlers } from '../dispatch';

/**
 * Whether the active connection reaches its service: online, or offline with why and when the
 * next try is.
 */
export function connectionHandlers(
  connections: ConnectionManager,
): NamespaceHandlers<'connection'> {
  return {
    'connection.get': async () => {
      const active = connections.active;
      return active ? { profileId: active.profile.id, ...active.link } : null;
    },
  };
}
