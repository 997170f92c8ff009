import type { JobCache } from '../core/cache';
import { jobCacheFile, openJobCache, profileCacheKey } from '../core/cache';
import type { Logger } from '../core/logging/logger';
import type { Connection } from './connection';
import { CommandFailure } from './errors';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { oneLine } from './output/terminal-text';

export interface CliJobStore {
  cache: JobCache;
  /** The connection's key in the store (the same key the app uses for that profile). */
  key: string;
  close(): void;
}

/**
 * The local job store qjob keeps tags, notes and its submissions in. For a service (any profile
 * but a built-in simulator) it is the desktop app's own store (`cache/jobs-electron.sqlite` in
 * the config folder, which the app shares): a tag given with `qjob tag` shows in the app's job
 * table and the other way round, and SQLite's write-ahead log lets both write at once. A built-in
 * simulator numbers its jobs from 1 in every shell, so qjob's simulator jobs keep a file of their
 * own (`cache/jobs-cli.sqlite`). When SQLite cannot be opened the store lives in memory and a
 * warning says nothing will be kept; a command that works on tags and notes, which live nowhere
 * else (`tagsAndNotes`), is refused instead: it could neither read them nor keep a change.
 */
export async function openCliJobStore(
  connection: Connection,
  io: CliIo,
  options: { tagsAndNotes?: boolean } = {},
): Promise<CliJobStore> {
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);
  const log: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn,
    error: warn,
  };
  const cache = await openJobCache(cliJobStoreFile(connection), log);
  if (options.tagsAndNotes && !cache.status.persistent) {
    cache.close();
    throw new CommandFailure(
      `${cache.status.message ?? 'The local job store is not open.'} Tags and notes are kept only there, so nothing was read or changed.`,
      EXIT.failed,
    );
  }
  for (const message of warnings) io.stderr(`warning: ${oneLine(message)}\n`);
  return { cache, key: profileCacheKey(connection.profile), close: () => cache.close() };
}

/** Where qjob's store is for this connection: the desktop app's for a service, its own for a simulator. */
export function cliJobStoreFile(connection: Pick<Connection, 'configDir' | 'profile'>): string {
  const shell = connection.profile.builtin === 'simulator' ? 'cli' : 'electron';
  return jobCacheFile(connection.configDir, shell);
}
