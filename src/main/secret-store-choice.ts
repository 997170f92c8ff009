import path from 'node:path';
import { safeStorage } from 'electron';
import { KeytarSecretStore } from '../core/auth/keytar-secret-store';
import { MemorySecretStore } from '../core/auth/memory-secret-store';
import type { SecretStore } from '../core/auth/secret-store';
import type { Logger } from '../core/logging/logger';
import { SafeStorageSecretStore } from './safe-storage-secret-store';

/**
 * Where the desktop app keeps tokens: the OS keychain (keytar) first; when it does not answer, a
 * file encrypted with safeStorage (reported not secure when Linux has no keyring behind it);
 * memory as the last resort. The session shows which one is in use.
 */
export async function chooseSecretStore(dataDir: string, log: Logger): Promise<SecretStore> {
  try {
    const store = await KeytarSecretStore.open();
    log.info('logins are kept in the OS keychain');
    return store;
  } catch (error) {
    // From source (`npm start`), a keytar binary that does not load here is a build problem:
    // scripts/native-modules.mjs rebuilds it for Electron.
    log.warn('OS keychain unavailable', { error });
  }
  if (SafeStorageSecretStore.isUsable(safeStorage)) {
    const store = new SafeStorageSecretStore(
      path.join(dataDir, 'secrets.encrypted.json'),
      safeStorage,
    );
    if (store.secure) {
      log.warn('logins are kept in a file encrypted with safeStorage instead of the OS keychain');
    } else {
      log.warn(
        'safeStorage has no OS keyring (basic_text): logins are kept in a file that is NOT secure',
      );
    }
    return store;
  }
  log.warn('no secure storage: logins are kept in memory only');
  return new MemorySecretStore();
}
