import path from 'node:path';
import { createPrivateDatabaseFile, ensurePrivateDir } from '../../node-kit/fs/private-files';
import { describeStorageFailure } from '../../node-kit/fs/storage-failure';
import type { Logger } from '../logging/logger';
import { loadSqlite } from '../job-store/sqlite-loader';
import type { BatchStore } from './batch-store';
import { MemoryBatchStore } from './batch-store';
import { SqliteBatchStore } from './sqlite-batch-store';

/** Beside the job store, one per shell like it (the two shells' simulators' job ids differ). */
export function batchStoreFile(dataDir: string, shell: 'electron' | 'web' | 'cli'): string {
  return path.join(dataDir, 'cache', `batches-${shell}.sqlite`);
}

/**
 * SQLite, or memory with the reason (`unavailable`): the app can still send a batch, which only
 * cannot outlive the process then, and says so; `qjob sweep` refuses to send one.
 */
export async function openBatchStore(file: string, log: Logger): Promise<BatchStore> {
  let made: { discard: () => void } | null = null;
  try {
    const Sqlite = await loadSqlite();
    await ensurePrivateDir(path.dirname(file));
    made = createPrivateDatabaseFile(file);
    return new SqliteBatchStore(Sqlite, file);
  } catch (error) {
    // A full disk leaves no empty store behind to be mistaken for one.
    made?.discard();
    const why = describeStorageFailure(error);
    const message = `Batches are kept in memory only (${why}): a batch not finished when the app closes is not resumed.`;
    log.warn(message);
    return new MemoryBatchStore(message);
  }
}
