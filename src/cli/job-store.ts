import type { JobCache } from '../core/job-store';
import { jobCacheFile, openJobCache, profileCacheKey } from '../core/job-store';
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
 * The local job store qjob keeps tags, notes and its submissions in (cliJobStoreFile says which
 * file; tags, notes and submissions in the annotation file beside it that every shell shares).
 * SQLite's write-ahead log lets the app and qjob write at once. When SQLite cannot be opened the
 * store lives in memory and a warning says nothing will be kept; a command that works on tags
 * and notes, which live nowhere else (`tagsAndNotes`), is refused instead: it could neither read
 * them nor keep a change.
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
  const cache = await openJobCache(cliJobStoreFile(connection), log, storeShell(connection));
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

/**
 * Where qjob's store is for this connection: the desktop app's for a service; for a built-in
 * simulator, the store of whoever runs the simulator reached (the desktop app's, browser mode's),
 * so its jobs are annotated where that shell reads them; qjob's own otherwise.
 */
export function cliJobStoreFile(
  connection: Pick<Connection, 'configDir' | 'profile' | 'simulator'>,
): string {
  return jobCacheFile(connection.configDir, storeShell(connection));
}

function storeShell(
  connection: Pick<Connection, 'profile' | 'simulator'>,
): 'electron' | 'web' | 'cli' {
  if (connection.profile.builtin !== 'simulator') return 'electron';
  return connection.simulator?.owner ?? 'cli';
}
