import type { SecretStore } from './secret-store';
import { SECRET_SERVICE_NAME, SecretStoreError } from './secret-store';

/** The part of keytar this store uses; an interface so tests and other bindings can stand in. */
export interface KeytarBinding {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * The account `open()` reads to see whether a keychain answers. Never written; no profile key
 * (`[a-z0-9]...`, `url:...`) can start with `#`, so it names no one's login.
 */
export const KEYCHAIN_PROBE_ACCOUNT = '#availability-probe';

const HOW_TO_FIX =
  'On Linux a Secret Service (gnome-keyring or KWallet) must be running in your session and unlocked; on macOS the login Keychain, on Windows the Credential Manager.';

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * keytar is native and optional at run time: a missing binary or a machine without a keychain
 * must give a clear error that the app can act on (fall back to another store), not a crash at
 * import. Hence the dynamic import.
 */
async function loadKeytar(): Promise<KeytarBinding> {
  try {
    const mod = (await import('keytar')) as KeytarBinding & { default?: KeytarBinding };
    return mod.default ?? mod;
  } catch (error) {
    throw new SecretStoreError(
      'unavailable',
      `The OS keychain library (keytar) could not be loaded: ${reason(error)}`,
      error,
    );
  }
}

/**
 * Tokens in the OS keychain, under the service name `quantum-job-studio`, one account per
 * profile and user.
 */
export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly secure = true;
  readonly #keytar: KeytarBinding;
  readonly #service: string;

  private constructor(keytar: KeytarBinding, service: string) {
    this.#keytar = keytar;
    this.#service = service;
  }

  /**
   * Loads keytar and checks that a keychain answers, by reading one fixed account that holds
   * nothing (listing the service's credentials would load every stored secret into memory just
   * to learn that). Throws `SecretStoreError('unavailable')` with the reason and what to do
   * when it does not answer.
   */
  static async open(
    options: { service?: string; binding?: KeytarBinding } = {},
  ): Promise<KeytarSecretStore> {
    const keytar = options.binding ?? (await loadKeytar());
    const service = options.service ?? SECRET_SERVICE_NAME;
    try {
      await keytar.getPassword(service, KEYCHAIN_PROBE_ACCOUNT);
    } catch (error) {
      throw new SecretStoreError(
        'unavailable',
        `The OS keychain is not available (${reason(error)}). ${HOW_TO_FIX}`,
        error,
      );
    }
    return new KeytarSecretStore(keytar, service);
  }

  async get(account: string): Promise<string | null> {
    try {
      return await this.#keytar.getPassword(this.#service, account);
    } catch (error) {
      throw new SecretStoreError(
        'failed',
        `The OS keychain could not be read (${reason(error)}).`,
        error,
      );
    }
  }

  async set(account: string, secret: string): Promise<void> {
    try {
      await this.#keytar.setPassword(this.#service, account, secret);
    } catch (error) {
      throw new SecretStoreError(
        'failed',
        `The OS keychain did not store the login (${reason(error)}). ${HOW_TO_FIX}`,
        error,
      );
    }
  }

  /**
   * The keychain stores one account at a time: each is written in turn, and when one fails the
   * ones already written are put back as they were (best effort: a keychain that refuses the
   * write may refuse the undo too).
   */
  async setMany(entries: Readonly<Record<string, string>>): Promise<void> {
    const previous = new Map<string, string | null>();
    for (const account of Object.keys(entries)) previous.set(account, await this.get(account));
    const written: string[] = [];
    try {
      for (const [account, secret] of Object.entries(entries)) {
        await this.set(account, secret);
        written.push(account);
      }
    } catch (error) {
      for (const account of written.reverse()) {
        const old = previous.get(account) ?? null;
        await (old === null ? this.delete(account) : this.set(account, old)).catch(() => false);
      }
      throw error;
    }
  }

  async delete(account: string): Promise<boolean> {
    try {
      return await this.#keytar.deletePassword(this.#service, account);
    } catch (error) {
      throw new SecretStoreError(
        'failed',
        `The OS keychain could not delete the login (${reason(error)}).`,
        error,
      );
    }
  }
}
