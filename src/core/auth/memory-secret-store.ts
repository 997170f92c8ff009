import type { SecretStore } from './secret-store';

/**
 * Keeps secrets for the life of the process only: the login is gone at exit. Marked
 * `secure: false` so the app tells the person that no keychain protects their login.
 */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const;
  readonly secure = false;
  readonly #secrets = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.#secrets.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.#secrets.set(account, secret);
  }

  /** Through `set`, one by one: a store made from this one (a test's locked keychain) decides. */
  async setMany(entries: Readonly<Record<string, string>>): Promise<void> {
    for (const [account, secret] of Object.entries(entries)) await this.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.#secrets.delete(account);
  }
}
