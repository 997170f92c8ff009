import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SafeStorageSecretStore,
  type SafeStorageLike,
} from '../../../src/main/safe-storage-secret-store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-safe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Stands in for Electron's safeStorage: reversible, and visibly not the plain text. */
function fakeCrypto(backend: string): SafeStorageLike {
  return {
    isEncryptionAvailable: () => true,
    encryptString: (s) => Buffer.from(`enc:${Buffer.from(s).toString('hex')}`),
    decryptString: (b) => {
      const text = b.toString();
      if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext');
      return Buffer.from(text.slice(4), 'hex').toString();
    },
    getSelectedStorageBackend: () => backend,
  };
}

describe('the safeStorage fallback for secrets', () => {
  it('keeps secrets encrypted in its file and reads them back', async () => {
    const file = path.join(dir, 'secrets.json');
    const store = new SafeStorageSecretStore(file, fakeCrypto('gnome_libsecret'), 'linux');
    await store.set('simulator-a:demo', 'the-token');
    expect(readFileSync(file, 'utf8')).not.toContain('the-token');
    expect(
      await new SafeStorageSecretStore(file, fakeCrypto('gnome_libsecret'), 'linux').get(
        'simulator-a:demo',
      ),
    ).toBe('the-token');
    expect(await store.delete('simulator-a:demo')).toBe(true);
    expect(await store.get('simulator-a:demo')).toBeNull();
  });

  it('says it is not secure when Linux has no keyring behind safeStorage (basic_text)', () => {
    const file = path.join(dir, 'other.json');
    expect(new SafeStorageSecretStore(file, fakeCrypto('basic_text'), 'linux').secure).toBe(false);
    expect(new SafeStorageSecretStore(file, fakeCrypto('kwallet5'), 'linux').secure).toBe(true);
    expect(new SafeStorageSecretStore(file, fakeCrypto('unknown'), 'darwin').secure).toBe(true);
    expect(new SafeStorageSecretStore(file, fakeCrypto('basic_text'), 'linux').kind).toBe(
      'encrypted-file',
    );
  });

  it('treats a secret sealed under another key as no saved login', async () => {
    const file = path.join(dir, 'foreign.json');
    const plain = new SafeStorageSecretStore(file, {
      ...fakeCrypto('kwallet5'),
      encryptString: (s) => Buffer.from(s),
    });
    await plain.set('acct', 'x');
    const store = new SafeStorageSecretStore(file, fakeCrypto('kwallet5'), 'linux');
    expect(await store.get('acct')).toBeNull();
    expect(await store.get('acct')).toBeNull();
  });
});
