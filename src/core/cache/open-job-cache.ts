import path from 'node:path';
import {
  createPrivateDatabaseFile,
  ensurePrivateDir,
  tightenTree,
} from '../../node-kit/fs/private-files';
import { describeStorageFailure } from '../../node-kit/fs/storage-failure';
import type { Logger } from '../logging/logger';
import { MemoryJobCache } from './memory-job-cache';
import { SqliteJobCache } from './sqlite-job-cache';
import { loadSqlite } from './sqlite-loader';
import type { JobCache } from './types';

/**
 * The store's file. One per shell, like the embedded simulators' data: the desktop app and
 * browser mode may run at once, each with its own simulator whose job ids would collide.
 */
export function jobCacheFile(dataDir: string, shell: 'electron' | 'web' | 'cli'): string {
  return path.join(dataDir, 'cache', `jobs-${shell}.sqlite`);
}

/**
 * Opens the SQLite store, or falls back to memory with the reason: a missing native binary, a
 * read-only folder or a file from a newer app version must never stop the monitor. Tags and
 * notes, which live nowhere else, are then refused rather than kept where they would be lost.
 */
export async function openJobCache(file: string, log: Logger): Promise<JobCache> {
  let made: { discard: () => void } | null = null;
  try {
    const Sqlite = await loadSqlite();
    // Payloads, results and logs: owner-only. SQLite gives its -wal and -shm files the mode of
    // the database file, so the database is created 0600 before SQLite opens it.
    await ensurePrivateDir(path.dirname(file));
    made = createPrivateDatabaseFile(file);
    const loose = await tightenTree(path.dirname(file));
    if (loose.length) log.warn('some job store files could not be made private', { loose });
    const cache = new SqliteJobCache(Sqlite, file, { onProblem: (message) => log.warn(message) });
    log.info('job store opened', { file });
    return cache;
  } catch (error) {
    made?.discard();
    const why = describeStorageFailure(error);
    const message = why.startsWith('The local job store')
      ? why
      : `The local job store (${file}) could not be opened: ${why}. Nothing is kept for offline use this time.`;
    log.warn(message, { error });
    return new MemoryJobCache(message);
  }
}
