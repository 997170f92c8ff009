import { StateMessage } from '../../ui/components/States';
import { selectActiveProfile, useConnectionStore } from '../../state/connection/store';
import { useStartLogin } from '../../state/connection/login-flow';

/** Shown where data needs a session: says so and offers the login, instead of an error. */
export function LoginPrompt({ what, compact = false }: { what: string; compact?: boolean }) {
  const profile = useConnectionStore(selectActiveProfile);
  const state = useConnectionStore((s) => s.session?.state);
  const startLogin = useStartLogin();
  const title = state === 'expired' ? 'Your session has expired' : `Log in to see ${what}`;
  const button = (
    <button type="button" className="btn btn-primary" onClick={startLogin}>
      Log in
    </button>
  );
  if (compact) {
    return (
      <div className="callout callout-info login-prompt">
        <span>
          {title}.{' '}
          <button type="button" className="btn-link" onClick={startLogin}>
            Log in
          </button>
        </span>
      </div>
    );
  }
  return (
    <StateMessage icon="user" title={title} action={button}>
      <p>
        {profile
          ? `${profile.name} needs a login before it lists ${what}.`
          : 'Choose a connection first.'}
      </p>
    </StateMessage>
  );
}
