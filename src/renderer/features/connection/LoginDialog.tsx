import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog } from '../../ui/components/Dialog';
import { Icon } from '../../ui/components/Icon';
import { useAppStore } from '../../state/app/store';
import type { ProfileView } from '../../state/connection/initialState';
import {
  selectActiveProfile,
  selectIsLoggedIn,
  useConnectionStore,
} from '../../state/connection/store';
import { useRefusedLoginReason } from '../../state/connection/login-flow';
import { VariantBadge } from './VariantBadge';

/** Log in to the active connection: a user name and API key, or nothing for the simulators. */
export function LoginDialog() {
  const profile = useConnectionStore(selectActiveProfile);
  return profile?.builtin === 'simulator' ? <SimulatorLogin profile={profile} /> : <KeyLogin />;
}

const close = () => useAppStore.getState().openDialog(null);

/** Where the login goes: the connection's name, variant and address. */
function LoginWhere({ profile }: { profile: ProfileView | null }) {
  return (
    <p id="login-where" className="muted">
      To <strong>{profile?.name ?? 'the active connection'}</strong>{' '}
      {profile ? <VariantBadge variant={profile.variant} /> : null}
      <br />
      <span className="mono">{profile?.baseUrl}</span>
    </p>
  );
}

/** The end of both login forms: why the last try failed, Cancel and Log in. */
function LoginEnd({
  error,
  busy,
  onCancel,
  focusLogin = false,
}: {
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  focusLogin?: boolean;
}) {
  return (
    <>
      {error ? (
        <div className="callout callout-err" role="alert">
          <Icon name="error" />
          <span>{error}</span>
        </div>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} autoFocus={focusLogin}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </div>
    </>
  );
}

/**
 * The built-in simulator takes no key from the person: it accepts only the key the core made for
 * this launch, and logging in is activating the profile again.
 */
function SimulatorLogin({ profile }: { profile: ProfileView }) {
  const activate = useConnectionStore((s) => s.activate);
  const busy = useConnectionStore((s) => s.switchingTo !== null);
  const switchError = useConnectionStore((s) => s.switchError);
  const session = useConnectionStore((s) => s.session);
  const [tried, setTried] = useState(false);
  // The profile switched, but its login failed: the session says why.
  const error = switchError ?? (tried && !busy ? session?.message : null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    await activate(profile.id);
    if (selectIsLoggedIn(useConnectionStore.getState())) close();
  };
  return (
    <Dialog title="Log in" onClose={close} width={26}>
      <form className="form" onSubmit={(e) => void submit(e)} aria-describedby="login-where">
        <LoginWhere profile={profile} />
        <p className="field-hint">
          The built-in simulator needs no key: the app logs in as “{profile.user ?? 'demo'}” with a
          key made for this launch, which no other program knows.
        </p>
        <LoginEnd error={error ?? null} busy={busy} onCancel={close} focusLogin />
      </form>
    </Dialog>
  );
}

/** A user name and API key. The key goes to the core once and never comes back. */
function KeyLogin() {
  const profile = useConnectionStore(selectActiveProfile);
  const refused = useRefusedLoginReason();
  const busy = useConnectionStore((s) => s.loginBusy);
  const error = useConnectionStore((s) => s.loginError);
  const login = useConnectionStore((s) => s.login);
  const clearError = useConnectionStore((s) => s.clearLoginError);
  const cancel = () => {
    clearError();
    close();
  };
  // The user of a refused login is who logs in again, most likely.
  const lastUser = useConnectionStore((s) => s.session?.user ?? null);
  const [user, setUser] = useState(profile?.user ?? lastUser ?? '');
  const [apiKey, setApiKey] = useState('');
  const [tried, setTried] = useState(false);
  const keyRef = useRef<HTMLInputElement>(null);

  const userMissing = user.trim() === '';
  const keyMissing = apiKey === '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (userMissing || keyMissing) return;
    const ok = await login(user.trim(), apiKey);
    if (ok) {
      cancel();
      return;
    }
    // Refused: clear the key for another try, without calling the now-empty field an error.
    setApiKey('');
    setTried(false);
    keyRef.current?.focus();
  };

  return (
    <Dialog title="Log in" onClose={cancel} width={26}>
      <form
        className="form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-describedby="login-where"
      >
        <LoginWhere profile={profile} />
        {refused && !error ? (
          <div className="callout callout-warn" role="status">
            <Icon name="warning" />
            <span>{refused}</span>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="login-user">User</label>
          <input
            id="login-user"
            className="input"
            autoComplete="username"
            value={user}
            aria-invalid={tried && userMissing}
            aria-describedby={tried && userMissing ? 'login-user-err' : undefined}
            onChange={(e) => setUser(e.target.value)}
          />
          {tried && userMissing ? (
            <span id="login-user-err" className="field-error">
              Enter the user name the service knows you by.
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="login-key">API key</label>
          <input
            id="login-key"
            ref={keyRef}
            className="input mono"
            type="password"
            autoComplete="current-password"
            value={apiKey}
            // The user name is usually known already: start where the typing is needed.
            data-autofocus={user ? true : undefined}
            aria-invalid={tried && keyMissing}
            aria-describedby="login-key-hint"
            onChange={(e) => setApiKey(e.target.value)}
          />
          <span id="login-key-hint" className={tried && keyMissing ? 'field-error' : 'field-hint'}>
            {tried && keyMissing
              ? 'Paste your API key.'
              : 'Used once to obtain a token; the app never shows or stores the key.'}
          </span>
        </div>
        <LoginEnd error={error} busy={busy} onCancel={cancel} />
      </form>
    </Dialog>
  );
}
