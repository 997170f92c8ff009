import path from 'node:path';
import {
  createPrivateDatabaseFile,
  ensurePrivateDir,
  tightenTree,
} from '../../node-kit/fs/private-files';
import { describeStorageFailure } from '../../node-kit/fs/storage-failure';
import type { Logger } from '../logging/logger';
import { MemoryJobCache } from './memory-job-cache';
import { annotationStoreFile } from './shared-annotations';
import type { AnnotationScope } from './shared-annotations';
import { SqliteJobCache } from './sqlite-job-cache';
import { loadSqlite } from './sqlite-loader';
import type { JobCache } from './types';

/**
 * The store's file. One per shell, like the embedded simulators' data: the desktop app and
 * browser mode may run at once, each with its own simulator whose job ids would collide. What
 * people add to jobs (tags, notes, submissions) is kept apart, in one file for every shell
 * (shared-annotations.ts).
 */
export function jobCacheFile(dataDir: string, shell: 'electron' | 'web' | 'cli'): string {
  return path.join(dataDir, 'cache', `jobs-${shell}.sqlite`);
}

/**
 * Opens the SQLite store, or falls back to memory with the reason: a missing native binary, a
 * read-only folder or a file from a newer app version must never stop the monitor. Tags and
 * notes, which live nowhere else, are then refused rather than kept where they would be lost.
 * With `annotationsOf` (the shell whose store this is), tags, notes and submissions are kept in
 * the one annotation file beside it that every shell shares (shared-annotations.ts).
 */
export async function openJobCache(
  file: string,
  log: Logger,
  annotationsOf?: AnnotationScope,
): Promise<JobCache> {
  const made: { discard: () => void }[] = [];
  try {
    const Sqlite = await loadSqlite();
    // Payloads, results and logs: owner-only. SQLite gives its -wal and -shm files the mode of
    // the database file, so the database (and the shared annotation file) is created 0600
    // before SQLite opens it.
    await ensurePrivateDir(path.dirname(file));
    made.push(createPrivateDatabaseFile(file));
    const annotations = annotationStoreFile(path.dirname(file));
    if (annotationsOf) made.push(createPrivateDatabaseFile(annotations));
    const loose = await tightenTree(path.dirname(file));
    if (loose.length) log.warn('some job store files could not be made private', { loose });
    const cache = new SqliteJobCache(Sqlite, file, {
      onProblem: (message) => log.warn(message),
      ...(annotationsOf
        ? {
            sharedAnnotations: { file: annotations, scope: annotationsOf },
          }
        : {}),
    });
    log.info('job store opened', { file });
    return cache;
  } catch (error) {
    // A full disk leaves no empty store behind: files this call created are removed while empty.
    for (const m of made) m.discard();
    const why = describeStorageFailure(error);
    const message = why.startsWith('The local job store')
      ? why
      : `The local job store (${file}) could not be opened: ${why}. Nothing is kept for offline use this time.`;
    log.warn(message, { error });
    return new MemoryJobCache(message);
  }
}
