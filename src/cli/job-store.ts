import type { JobCache } from '../core/cache';
import { jobCacheFile, openJobCache, profileCacheKey } from '../core/cache';
import type { Logger } from '../core/logging/logger';
import type { Connection } from './connection';
import type { CliIo } from './io';
import { oneLine } from './output/terminal-text';

export interface CliJobStore {
  cache: JobCache;
  /** The connection's key in the store (the same key the app uses for that profile). */
  key: string;
  close(): void;
}

/**
 * qjob's local job store (`cache/jobs-cli.sqlite` in the config folder): tags, notes and the
 * submissions made with qjob. One file per shell like the app's, since each shell's built-in
 * simulator numbers its jobs from 1. When SQLite cannot be opened the store lives in memory
 * and a warning says nothing will be kept.
 */
export async function openCliJobStore(connection: Connection, io: CliIo): Promise<CliJobStore> {
  const warn = (message: string) => io.stderr(`warning: ${oneLine(message)}\n`);
  const log: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn,
    error: warn,
  };
  const cache = await openJobCache(jobCacheFile(connection.configDir, 'cli'), log);
  return { cache, key: profileCacheKey(connection.profile), close: () => cache.close() };
}
