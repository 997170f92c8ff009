import type { SecretStore } from '../core/auth/secret-store';
import { SecretStoreError } from '../core/auth/secret-store';

/** What a person in a shell without a usable keychain does instead, said with every keychain failure. */
export const NO_KEYCHAIN_HINT =
  'To keep the login in a plain file readable only by you instead, pass --no-keychain (or set QJOB_NO_KEYCHAIN=1).';

/**
 * The OS keychain with the way out in every failure. A headless shell (SSH, a container) may
 * have gnome-keyring installed and no session for it: D-Bus starts the daemon on the first
 * read, which answers, and the first write fails ("Object does not exist at path
 * /org/freedesktop/secrets/collection/login"). That failure, not only a keychain that does not
 * answer at all, must tell the person about --no-keychain.
 */
export function withNoKeychainHint(store: SecretStore): SecretStore {
  const hinted = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof SecretStoreError && !error.message.includes('--no-keychain'))
        throw new SecretStoreError(error.code, `${error.message}\n${NO_KEYCHAIN_HINT}`, error);
      throw error;
    }
  };
  return {
    kind: store.kind,
    secure: store.secure,
    get: (account) => hinted(() => store.get(account)),
    set: (account, secret) => hinted(() => store.set(account, secret)),
    setMany: (entries) => hinted(() => store.setMany(entries)),
    delete: (account) => hinted(() => store.delete(account)),
  };
}
