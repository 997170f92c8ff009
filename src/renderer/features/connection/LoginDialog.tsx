import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/app/store';
import { selectActiveProfile, useConnectionStore } from '../../state/connection/store';
import { VariantBadge } from './VariantBadge';

/** Log in to the active connection. The API key goes to the core once and never comes back. */
export function LoginDialog() {
  const profile = useConnectionStore(selectActiveProfile);
  const busy = useConnectionStore((s) => s.loginBusy);
  const error = useConnectionStore((s) => s.loginError);
  const login = useConnectionStore((s) => s.login);
  const clearError = useConnectionStore((s) => s.clearLoginError);
  const close = () => {
    clearError();
    useAppStore.getState().openDialog(null);
  };
  const [user, setUser] = useState(profile?.user ?? '');
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
      close();
      return;
    }
    // Refused: clear the key for another try, without calling the now-empty field an error.
    setApiKey('');
    setTried(false);
    keyRef.current?.focus();
  };

  return (
    <Dialog title="Log in" onClose={close} width={26}>
      <form
        className="form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-describedby="login-where"
      >
        <p id="login-where" className="muted">
          To <strong>{profile?.name ?? 'the active connection'}</strong>{' '}
          {profile ? <VariantBadge variant={profile.variant} /> : null}
          <br />
          <span className="mono">{profile?.baseUrl}</span>
        </p>
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
        {profile?.builtin === 'simulator' ? (
          <p className="field-hint">
            The built-in simulator accepts the user “demo” with the API key “demo”.
          </p>
        ) : null}
        {error ? (
          <div className="callout callout-err" role="alert">
            <Icon name="error" />
            <span>{error}</span>
          </div>
        ) : null}
        <div className="form-actions">
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Logging in…' : 'Log in'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
