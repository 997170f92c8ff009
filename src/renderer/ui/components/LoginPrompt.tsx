import { StateMessage } from './States';

export interface LoginPromptProps {
  /** What the login would show, as the end of "Log in to see …" ("its jobs"). */
  what: string;
  compact?: boolean;
  /** The active connection's name; null when none is chosen. */
  profileName: string | null;
  /** The session ran out (rather than never having started). */
  expired: boolean;
  onLogin: () => void;
}

/**
 * Shown where data needs a session: says so and offers the login, instead of an error. The
 * connection's side of it (`useLoginPrompt` in state/connection/login-flow.ts) fills the props.
 */
export function LoginPrompt({
  what,
  compact = false,
  profileName,
  expired,
  onLogin,
}: LoginPromptProps) {
  const title = expired ? 'Your session has expired' : `Log in to see ${what}`;
  const button = (
    <button type="button" className="btn btn-primary" onClick={onLogin}>
      Log in
    </button>
  );
  if (compact) {
    return (
      <div className="callout callout-info login-prompt">
        <span>
          {title}.{' '}
          <button type="button" className="btn-link" onClick={onLogin}>
            Log in
          </button>
        </span>
      </div>
    );
  }
  return (
    <StateMessage icon="user" title={title} action={button}>
      <p>
        {profileName
          ? `${profileName} needs a login before it lists ${what}.`
          : 'Choose a connection first.'}
      </p>
    </StateMessage>
  );
}
