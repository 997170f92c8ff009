import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, ensurePrivateDir } from '../../node-kit/fs/private-files';
import type { Logger } from '../logging/logger';
import { loadSqlite } from '../cache/sqlite-loader';
import type { BatchStore } from './batch-store';
import { MemoryBatchStore } from './batch-store';
import { SqliteBatchStore } from './sqlite-batch-store';

/** Beside the job store, one per shell like it (the two shells' simulators' job ids differ). */
export function batchStoreFile(dataDir: string, shell: 'electron' | 'web' | 'cli'): string {
  return path.join(dataDir, 'cache', `batches-${shell}.sqlite`);
}

/** SQLite, or memory with the reason: a batch can always be sent, it only cannot outlive the process then. */
export async function openBatchStore(file: string, log: Logger): Promise<BatchStore> {
  try {
    const Sqlite = await loadSqlite();
    await ensurePrivateDir(path.dirname(file));
    closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
    return new SqliteBatchStore(Sqlite, file);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const message = `Batches are kept in memory only (${why}): a batch not finished when the app closes is not resumed.`;
    log.warn(message);
    return new MemoryBatchStore(message);
  }
}
