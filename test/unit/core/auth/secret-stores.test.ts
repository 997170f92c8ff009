import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeytarBinding } from '../../../../src/core/auth/keytar-secret-store';
import {
  KEYCHAIN_PROBE_ACCOUNT,
  KeytarSecretStore,
} from '../../../../src/core/auth/keytar-secret-store';
import { MemorySecretStore } from '../../../../src/core/auth/memory-secret-store';
import { PlainFileSecretStore } from '../../../../src/core/auth/file-secret-store';
import { SecretStoreError } from '../../../../src/core/auth/secret-store';

function fakeKeytar(
  options: { failRead?: string; failWriteOf?: string } = {},
): KeytarBinding & { data: Map<string, string>; calls: string[] } {
  const data = new Map<string, string>();
  const calls: string[] = [];
  return {
    data,
    calls,
    async getPassword(service, account) {
      calls.push(`get ${service}/${account}`);
      if (options.failRead) throw new Error(options.failRead);
      return data.get(`${service}/${account}`) ?? null;
    },
    async setPassword(service, account, password) {
      if (account === options.failWriteOf) throw new Error('the keychain is full');
      data.set(`${service}/${account}`, password);
    },
    async deletePassword(service, account) {
      return data.delete(`${service}/${account}`);
    },
  };
}

describe('KeytarSecretStore', () => {
  it('stores under the quantum-job-studio service', async () => {
    const binding = fakeKeytar();
    const store = await KeytarSecretStore.open({ binding });
    await store.set('prod:alice', 's1');
    expect([...binding.data.keys()]).toEqual(['quantum-job-studio/prod:alice']);
    expect(await store.get('prod:alice')).toBe('s1');
    expect(await store.delete('prod:alice')).toBe(true);
    expect(await store.get('prod:alice')).toBeNull();
    expect(store).toMatchObject({ kind: 'keychain', secure: true });
  });

  it('checks the keychain by reading one fixed, empty account, not by listing every secret', async () => {
    const binding = fakeKeytar();
    binding.data.set('quantum-job-studio/prod:alice', 'a token');
    await KeytarSecretStore.open({ binding });
    expect(binding.calls).toEqual([`get quantum-job-studio/${KEYCHAIN_PROBE_ACCOUNT}`]);
    expect(KEYCHAIN_PROBE_ACCOUNT).not.toMatch(/^[a-z0-9]|^url:/);
  });

  it('stores a login’s accounts together, or puts back what it wrote when one fails', async () => {
    const binding = fakeKeytar({ failWriteOf: 'prod' });
    binding.data.set('quantum-job-studio/prod:alice', 'the earlier token');
    const store = await KeytarSecretStore.open({ binding });
    await expect(
      store.setMany({ 'prod:alice': 'a new token', 'prod:bob': 'another', prod: 'pointer' }),
    ).rejects.toThrow(/did not store the login/);
    expect([...binding.data.entries()]).toEqual([
      ['quantum-job-studio/prod:alice', 'the earlier token'],
    ]);
    const fine = await KeytarSecretStore.open({ binding: fakeKeytar() });
    await fine.setMany({ 'prod:alice': 't', prod: 'p' });
    expect(await fine.get('prod')).toBe('p');
  });

  it('reports a missing keychain as unavailable, with what to do', async () => {
    const error = await KeytarSecretStore.open({
      binding: fakeKeytar({ failRead: 'Cannot autolaunch D-Bus without X11 $DISPLAY' }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretStoreError);
    expect((error as SecretStoreError).code).toBe('unavailable');
    expect((error as Error).message).toMatch(/D-Bus.*Secret Service/);
  });
});

describe('MemorySecretStore', () => {
  it('is not secure and forgets nothing within the process', async () => {
    const store = new MemorySecretStore();
    expect(store.secure).toBe(false);
    await store.set('a', 'b');
    expect(await store.get('a')).toBe('b');
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
  });
});

describe('PlainFileSecretStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-secrets-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps secrets in an owner-only file across instances', async () => {
    const file = path.join(dir, 'credentials.json');
    const a = new PlainFileSecretStore(file);
    await Promise.all([a.set('one', '1'), a.set('two', '2')]);
    const b = new PlainFileSecretStore(file);
    expect(await b.get('one')).toBe('1');
    expect(await b.get('two')).toBe('2');
    expect(await b.get('constructor')).toBeNull();
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(await b.delete('one')).toBe(true);
    expect(await a.get('one')).toBeNull();
    expect(b).toMatchObject({ kind: 'plain-file', secure: false });
  });

  it('says so when the file is damaged', async () => {
    const file = path.join(dir, 'credentials.json');
    fs.writeFileSync(file, 'nope');
    await expect(new PlainFileSecretStore(file).get('x')).rejects.toThrow(/not valid JSON/);
  });
});
