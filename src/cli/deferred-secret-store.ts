import type { SecretStore, SecretStoreKind } from '../core/auth/secret-store';

/**
 * A secret store opened on first use. `qjob login` checks the user name and API key with the
 * service before it touches the keychain: a wrong key is reported as a wrong key, not hidden
 * behind "keychain not available", and nothing is said about where a login is kept before
 * there is one to keep.
 */
export class DeferredSecretStore implements SecretStore {
  readonly #open: () => Promise<SecretStore>;
  readonly #expected: { kind: SecretStoreKind; secure: boolean };
  #store: Promise<SecretStore> | null = null;
  #opened: SecretStore | null = null;

  /** `expected`: what the store will be, for the session's state until it is opened. */
  constructor(
    open: () => Promise<SecretStore>,
    expected: { kind: SecretStoreKind; secure: boolean },
  ) {
    this.#open = open;
    this.#expected = expected;
  }

  get kind(): SecretStoreKind {
    return this.#opened?.kind ?? this.#expected.kind;
  }

  get secure(): boolean {
    return this.#opened?.secure ?? this.#expected.secure;
  }

  /** The store itself, once opened (to say where the login went). */
  get opened(): SecretStore | null {
    return this.#opened;
  }

  async get(account: string): Promise<string | null> {
    return (await this.#ready()).get(account);
  }

  async set(account: string, secret: string): Promise<void> {
    await (await this.#ready()).set(account, secret);
  }

  async setMany(entries: Readonly<Record<string, string>>): Promise<void> {
    await (await this.#ready()).setMany(entries);
  }

  async delete(account: string): Promise<boolean> {
    return (await this.#ready()).delete(account);
  }

  #ready(): Promise<SecretStore> {
    this.#store ??= this.#open().then((store) => (this.#opened = store));
    // A failed opening is tried again next time rather than remembered.
    this.#store.catch(() => (this.#store = null));
    return this.#store;
  }
}
