import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../node-kit/fs/atomic-write';
import type { SecretStore } from './secret-store';
import { SecretStoreError } from './secret-store';

const fileSchema = z.strictObject({
  version: z.literal(1),
  secrets: z.record(z.string(), z.string()),
});

/**
 * Secrets in a plain JSON file readable only by the owner (0600). Used by the CLI only when
 * the person asks for it with `--no-keychain` (headless machines, CI), because anyone with the
 * account's file access can read it: it reports `secure: false` and the CLI says so.
 */
export class PlainFileSecretStore implements SecretStore {
  readonly kind = 'plain-file' as const;
  readonly secure = false;
  readonly file: string;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(file: string) {
    this.file = path.resolve(file);
  }

  async get(account: string): Promise<string | null> {
    const secrets = await this.#read();
    return Object.prototype.hasOwnProperty.call(secrets, account)
      ? (secrets[account] ?? null)
      : null;
  }

  set(account: string, secret: string): Promise<void> {
    return this.#update((secrets) => {
      secrets[account] = secret;
      return undefined;
    });
  }

  /** One write of the whole file (atomic: the old file or the new one), so all or nothing. */
  setMany(entries: Readonly<Record<string, string>>): Promise<void> {
    return this.#update((secrets) => {
      Object.assign(secrets, entries);
      return undefined;
    });
  }

  delete(account: string): Promise<boolean> {
    return this.#update((secrets) => {
      const had = Object.prototype.hasOwnProperty.call(secrets, account);
      delete secrets[account];
      return had;
    });
  }

  /** Serialised read-modify-write, so two updates from one process never lose each other. */
  #update<T>(change: (secrets: Record<string, string>) => T): Promise<T> {
    const run = this.#queue.then(async () => {
      const secrets = await this.#read();
      const result = change(secrets);
      try {
        await writeFileAtomic(this.file, JSON.stringify({ version: 1, secrets }, null, 2) + '\n', {
          mode: 0o600,
        });
      } catch (error) {
        throw new SecretStoreError(
          'failed',
          `Could not write ${this.file}: ${(error as Error).message}`,
          error,
        );
      }
      return result;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #read(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return Object.create(null) as Record<string, string>;
      throw new SecretStoreError(
        'failed',
        `Could not read ${this.file}: ${(error as Error).message}`,
        error,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new SecretStoreError(
        'failed',
        `${this.file} is not valid JSON; delete it and log in again.`,
        error,
      );
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success) {
      throw new SecretStoreError(
        'failed',
        `${this.file} has an unexpected shape; delete it and log in again.`,
      );
    }
    return Object.assign(Object.create(null) as Record<string, string>, parsed.data.secrets);
  }
}
