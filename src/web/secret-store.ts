import type { SecretStore } from '../core/auth/secret-store';
import { KeytarSecretStore } from '../core/auth/keytar-secret-store';
import { MemorySecretStore } from '../core/auth/memory-secret-store';
import type { Logger } from '../core/logging/logger';

/**
 * Browser mode runs as a Node process on the person's machine: the OS keychain when it answers,
 * memory otherwise (the session then reports `secure: false` and the UI says so).
 */
export async function defaultWebSecretStore(log: Logger): Promise<SecretStore> {
  try {
    return await KeytarSecretStore.open();
  } catch (error) {
    log.warn('browser mode: OS keychain unavailable; logins are kept in memory only', { error });
    return new MemorySecretStore();
  }
}
