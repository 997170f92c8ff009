import { createDomainStore } from '../create-store';
import { createConnectionActions } from './actions';
import { initialConnectionState } from './initialState';
import type { VariantId } from '../../../shared/variants';
import type { ConnectionState, ProfileView } from './initialState';

export const useConnectionStore = createDomainStore(
  initialConnectionState,
  createConnectionActions,
);
export * from './initialState';

export const selectActiveProfile = (s: ConnectionState): ProfileView | null =>
  s.profiles.find((p) => p.id === s.activeId) ?? null;

/** The variant every schema, template and label follows; B until a profile is known. */
export const selectVariant = (s: ConnectionState): VariantId =>
  selectActiveProfile(s)?.variant ?? 'B';

export const selectIsLoggedIn = (s: ConnectionState): boolean =>
  s.session?.state === 'active' || s.session?.state === 'refreshing';

/** Reconnecting comes from two places: the session's own refresh loop and the link events. */
export const selectIsReconnecting = (s: ConnectionState): boolean =>
  s.session?.state === 'reconnecting' || s.link?.state === 'reconnecting';

export const selectIsOffline = (s: ConnectionState): boolean => s.link?.state === 'offline';

export const selectNeedsLogin = (s: ConnectionState): boolean =>
  s.status === 'ready' &&
  s.switchingTo === null &&
  (s.session?.state === 'logged-out' || s.session?.state === 'expired');

/**
 * Where the login token is kept, when that is worth a warning: a store that is not secure. Not
 * for the built-in simulator profiles: the app logs them in by itself at every start with a key
 * it makes for the launch, so a token in memory only costs nothing there.
 */
export const selectTokenStoreWarning = (
  s: ConnectionState,
): NonNullable<ConnectionState['session']>['secretStore']['kind'] | null => {
  if (!s.session || s.session.secretStore.secure) return null;
  if (selectActiveProfile(s)?.builtin === 'simulator') return null;
  return s.session.secretStore.kind;
};
