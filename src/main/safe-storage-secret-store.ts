import type { SecretStore } from '../core/auth/secret-store';
import { PlainFileSecretStore } from '../core/auth/file-secret-store';

/** The part of Electron's `safeStorage` this store uses (injected, so it is tested without Electron). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only; elsewhere the OS key store is always used. */
  getSelectedStorageBackend?: () => string;
}

/**
 * Secrets in a file encrypted with Electron's safeStorage: the fallback when the OS keychain
 * (keytar) is unavailable. On Linux without a keyring safeStorage silently uses a fixed,
 * well-known key (`basic_text`): the file is then as good as plain text, so the store reports
 * `secure: false` and the UI says so.
 */
export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'encrypted-file' as const;
  readonly secure: boolean;
  readonly #file: PlainFileSecretStore;
  readonly #crypto: SafeStorageLike;

  constructor(file: string, crypto: SafeStorageLike, platform: NodeJS.Platform = process.platform) {
    this.#file = new PlainFileSecretStore(file);
    this.#crypto = crypto;
    this.secure = isSecureBackend(crypto, platform);
  }

  static isUsable(crypto: SafeStorageLike): boolean {
    try {
      return crypto.isEncryptionAvailable();
    } catch {
      return false;
    }
  }

  async get(account: string): Promise<string | null> {
    const sealed = await this.#file.get(account);
    if (sealed === null) return null;
    try {
      return this.#crypto.decryptString(Buffer.from(sealed, 'base64'));
    } catch {
      // Sealed under another OS key (a new user profile, a reinstalled keyring): it can never be
      // read again, so it is the same as no saved login.
      await this.#file.delete(account);
      return null;
    }
  }

  async set(account: string, secret: string): Promise<void> {
    await this.#file.set(account, this.#crypto.encryptString(secret).toString('base64'));
  }

  async setMany(entries: Readonly<Record<string, string>>): Promise<void> {
    const sealed = Object.fromEntries(
      Object.entries(entries).map(([a, s]) => [
        a,
        this.#crypto.encryptString(s).toString('base64'),
      ]),
    );
    await this.#file.setMany(sealed);
  }

  delete(account: string): Promise<boolean> {
    return this.#file.delete(account);
  }
}

function isSecureBackend(crypto: SafeStorageLike, platform: NodeJS.Platform): boolean {
  if (platform !== 'linux') return true;
  const backend = crypto.getSelectedStorageBackend?.() ?? 'unknown';
  return backend !== 'basic_text' && backend !== 'unknown';
}
