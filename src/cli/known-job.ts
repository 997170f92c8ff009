import { isSqliteFailure } from '../node-kit/fs/storage-failure';
import type { GlobalValues } from './args';
import type { Connection } from './connection';
import { requireSession } from './connection';
import { CommandFailure, jobNotFound } from './errors';
import type { CliIo } from './io';
import type { CliJobStore } from './job-store';

/**
 * Tags and notes are for jobs that exist: a mistyped id would otherwise be annotated silently
 * and the real job never. A job the local store keeps is known (offline too); any other is
 * looked up at the service (its cheap form), and one the service does not have is refused with
 * exit 1. The record seen is kept, so the next annotation of that job asks nothing.
 */
export async function requireKnownJob(
  connection: Connection,
  store: CliJobStore,
  id: number,
  globals: GlobalValues,
  io: CliIo,
  /** What is refused, for the message: "no tag was added". */
  refused: string,
): Promise<void> {
  if (store.cache.getRecord(store.key, id)) return;
  const session = await requireSession(connection, globals, io);
  try {
    const { detail } = await session.client
      .getJob(id, io.signal ? { signal: io.signal } : {})
      .catch((error: unknown) => {
        const failure = jobNotFound(error, id, connection.label);
        if (failure instanceof CommandFailure)
          throw new CommandFailure(`${failure.message}: ${refused}`, failure.exitCode);
        throw failure;
      });
    try {
      store.cache.upsertRecords(store.key, [detail], new Date().toISOString(), 'watch');
    } catch (error) {
      // Keeping the record only saves the next look-up; a store that cannot be written (a full
      // disk) is said by the tag or note's own write, which fails with the reason in words.
      if (!isSqliteFailure(error)) throw error;
    }
  } finally {
    session.dispose();
  }
}
