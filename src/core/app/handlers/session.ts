import type { ConnectionManager } from '../connection-manager';
import type { NamespaceHandlers } from '../dispatch';

/** Login and logout on the active connection, and what the session bar shows. */
export function sessionHandlers(connections: ConnectionManager): NamespaceHandlers<'session'> {
  return {
    'session.get': async () => connections.sessionState(),
    'session.login': async ({ user, apiKey }) => {
      const active = connections.requireActive();
      await active.session.login(user, apiKey);
      return active.sessionState;
    },
    'session.logout': async () => {
      const active = connections.requireActive();
      await active.session.logout();
      return active.sessionState;
    },
  };
}
