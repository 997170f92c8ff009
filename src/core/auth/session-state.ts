import type { SecretStoreKind } from './secret-store';

export type SessionStateName =
  'logged-out' | 'logging-in' | 'active' | 'refreshing' | 'reconnecting' | 'expired';

/** Everything about a session that may be shown or sent anywhere. It never holds a token. */
export interface SessionSnapshot {
  profile: string;
  state: SessionStateName;
  user: string | null;
  /** ISO 8601: when the access token expires. */
  expiresAt: string | null;
  secretStore: { kind: SecretStoreKind; secure: boolean };
  /** Why the session is in this state, for people ("the service refused to renew the login"). */
  message: string | null;
}

export interface WhoAmI {
  user: string;
  profile: string;
  /** ISO 8601. */
  expiresAt: string;
}

export interface SessionEndedEvent {
  profile: string;
  user: string | null;
  reason: 'refresh-rejected';
  message: string;
}

export interface SessionEvents {
  state: [SessionSnapshot];
  ended: [SessionEndedEvent];
}
