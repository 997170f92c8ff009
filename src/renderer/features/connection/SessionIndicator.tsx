import type { SessionState } from '../../../shared/ipc/schemas';
import { Icon } from '../../ui/components/Icon';
import { useNow } from '../../ui/hooks/useNow';
import { formatRemaining } from '../../ui/time-format';
import { useAppStore } from '../../state/app/store';
import { useStartLogin } from '../../state/connection/login-flow';
import {
  selectActiveProfile,
  selectIsLoggedIn,
  selectIsReconnecting,
  selectTokenStoreWarning,
  useConnectionStore,
} from '../../state/connection/store';

type StoreKind = SessionState['secretStore']['kind'];

/** What an insecure secret store means for the person, said per kind of store. */
const STORE_WARNING: Record<StoreKind, { wide: string; narrow: string; title: string }> = {
  memory: {
    wide: 'Token kept in memory only',
    narrow: 'Memory only',
    title:
      'No system keychain is available, so the login token is kept in this process’s memory only: you will need to log in again after a restart.',
  },
  'encrypted-file': {
    wide: 'Token stored with a fixed key',
    narrow: 'Weak storage',
    title:
      'No system keychain or keyring is available: the login token is kept in a file in the app’s data folder, encrypted with a fixed key that any program running as you could undo.',
  },
  'plain-file': {
    wide: 'Token stored in a plain file',
    narrow: 'Plain file',
    title:
      'The login token is kept unencrypted in a file that only your user account can read (chosen with --no-keychain).',
  },
  keychain: {
    wide: 'Token storage not secure',
    narrow: 'Not secure',
    title: 'The keychain reported that it does not keep the token securely.',
  },
};

/** Who is logged in, until when, whether the link is healthy, and where the token lives. */
export function SessionIndicator() {
  const session = useConnectionStore((s) => s.session);
  const profile = useConnectionStore(selectActiveProfile);
  const loggedIn = useConnectionStore(selectIsLoggedIn);
  const reconnecting = useConnectionStore(selectIsReconnecting);
  const logout = useConnectionStore((s) => s.logout);
  const startLogin = useStartLogin();
  const notify = useAppStore((s) => s.notify);
  const openDialog = useAppStore((s) => s.openDialog);
  const now = useNow(1000);
  const insecure = useConnectionStore(selectTokenStoreWarning);

  if (!session || !profile) {
    return (
      <span className="skeleton" style={{ width: '12rem', height: '1rem' }} aria-hidden="true" />
    );
  }

  const remaining = session.expiresAt ? formatRemaining(session.expiresAt, now) : null;
  const soon = remaining !== null && remaining.ms < 5 * 60_000;

  const mismatch = session.variantMismatch ?? null;

  return (
    <div className="session" role="group" aria-label="Session">
      {mismatch ? (
        // The service's answers say it speaks the other variant: said where every view shows
        // it, with the way to fix it one click (or Enter) away.
        <button
          type="button"
          className="badge badge-warn session-variant"
          title={mismatch.message}
          aria-label={`${mismatch.message} Opens Manage connections.`}
          data-testid="session-variant"
          onClick={() => openDialog('profiles')}
        >
          <Icon name="warning" size={13} />
          <span className="only-wide">Service speaks Variant {mismatch.detected}</span>
          <span className="only-narrow session-word">Variant {mismatch.detected}?</span>
        </button>
      ) : null}
      {insecure && loggedIn ? (
        <span
          className="badge badge-warn"
          title={STORE_WARNING[insecure].title}
          data-testid="token-store-warning"
        >
          <Icon name="lock" size={13} />
          <span className="only-wide">{STORE_WARNING[insecure].wide}</span>
          <span className="only-narrow session-word">{STORE_WARNING[insecure].narrow}</span>
        </span>
      ) : null}
      {reconnecting ? (
        <span className="badge badge-warn" role="status">
          <Icon name="refresh" size={13} className="spin" />
          Reconnecting…
        </span>
      ) : null}
      {loggedIn ? (
        <>
          <span className="session-user" title={`Logged in to ${profile.name}`}>
            <Icon name="user" />
            <span data-testid="session-user">{session.user ?? 'unknown user'}</span>
          </span>
          {remaining ? (
            <span
              className={`session-expiry ${soon ? 'is-soon' : ''}`}
              title={`The access token expires at ${new Date(session.expiresAt ?? '').toLocaleString()}; it is refreshed automatically.`}
            >
              <span className="only-wide">expires in </span>
              <span className="mono">{remaining.text}</span>
            </span>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost session-logout"
            title={`Log out of ${profile.name}`}
            onClick={() =>
              void logout().catch((e: unknown) => notify('err', `Could not log out: ${String(e)}`))
            }
          >
            <Icon name="logout" />
            <span className="session-word">Log out</span>
          </button>
        </>
      ) : (
        <>
          <span className="badge badge-neutral">
            {session.state === 'expired'
              ? 'Session expired'
              : session.state === 'logging-in'
                ? 'Logging in…'
                : 'Not logged in'}
          </span>
          <button type="button" className="btn btn-primary" onClick={startLogin}>
            Log in
          </button>
        </>
      )}
    </div>
  );
}
