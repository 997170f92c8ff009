/**
 * Where a session's tokens are kept between runs. Implemented by the OS keychain (keytar,
 * here), an Electron safeStorage-encrypted file (src/main), a plain file for the CLI's
 * explicit `--no-keychain`, and memory. Callers show `secure: false` to the person, visibly.
 */
export type SecretStoreKind = 'keychain' | 'encrypted-file' | 'plain-file' | 'memory';

export interface SecretStore {
  readonly kind: SecretStoreKind;
  /** False when anyone with the user's file access (or nobody, after exit) gets the secret. */
  readonly secure: boolean;
  /** The secret stored for this account, or null when there is none. */
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /**
   * Stores several accounts together, all or nothing: when it fails, each account holds what it
   * held before (a login is a token and the "who logged in" pointer: half of it is a token that
   * no later run finds, under a message that says nothing was kept).
   */
  setMany(entries: Readonly<Record<string, string>>): Promise<void>;
  /** Resolves true when something was deleted. */
  delete(account: string): Promise<boolean>;
}

/** The keychain service name, one for the app and the CLI so they share a login. */
export const SECRET_SERVICE_NAME = 'quantum-job-studio';

export type SecretStoreErrorCode = 'unavailable' | 'failed';

/** A store that cannot be used at all (`unavailable`), or one operation that failed. */
export class SecretStoreError extends Error {
  readonly code: SecretStoreErrorCode;
  constructor(code: SecretStoreErrorCode, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'SecretStoreError';
    this.code = code;
  }
}

/** The account holding one user's tokens for one connection profile. */
export function tokenAccount(profile: string, user: string): string {
  return `${profile}:${user}`;
}

/**
 * The account that remembers who last logged in to a profile, so a new process (the next
 * `qjob` command, the next app start) finds the session without being told the user name.
 * It holds no secret, only the user name; it lives beside the token so both go together.
 */
export function currentUserAccount(profile: string): string {
  return `${profile}`;
}
