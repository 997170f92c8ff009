import { AnnotationsNotKeptError, TooManyTagsError } from '../../annotations/types';
import type { JobCache } from '../../job-store';
import { profileCacheKey } from '../../job-store';
import { APP_ERROR_CODES, AppError } from '../../errors/app-error';
import type { ConnectionManager } from '../connection-manager';
import type { NamespaceHandlers } from '../dispatch';

export interface AnnotationsDeps {
  connections: ConnectionManager;
  cache: JobCache;
}

/** A tag or note that could not be kept, as the storage error the panel shows. */
function notKept(error: unknown): unknown {
  return error instanceof AnnotationsNotKeptError
    ? new AppError(APP_ERROR_CODES.storage, error.message, { cause: error })
    : error;
}

/**
 * Tags and notes (docs/rerun-tags-bundles.md), kept in the local job store under the active
 * connection's key: they work logged out and offline. One that cannot be kept (a full disk, a
 * read-only folder, a store that lives in memory) is a storage error, never a change that
 * worked and is gone at the next start.
 */
export function annotationsHandlers(deps: AnnotationsDeps): NamespaceHandlers<'annotations'> {
  const notes = deps.cache.annotations;
  const key = () => profileCacheKey(deps.connections.requireActive().profile);

  return {
    'annotations.get': async ({ id }) => notes.annotations(key(), id),

    'annotations.changeTags': async ({ id, add, remove }) => {
      try {
        const change = { ...(add ? { add } : {}), ...(remove ? { remove } : {}) };
        return { tags: notes.changeTags(key(), id, change) };
      } catch (error) {
        if (error instanceof TooManyTagsError)
          throw new AppError(APP_ERROR_CODES.invalidInput, error.message);
        throw notKept(error);
      }
    },

    'annotations.setNote': async ({ id, note }) => {
      const profile = key();
      try {
        notes.setNote(profile, id, note, new Date().toISOString());
      } catch (error) {
        throw notKept(error);
      }
      return notes.annotations(profile, id);
    },

    'annotations.index': async () => {
      const profile = key();
      const tags = notes.tagIndex(profile);
      const written = notes.noteIndex(profile);
      const ids = [...new Set([...tags.keys(), ...written.keys()])].sort((a, b) => a - b);
      return {
        jobs: ids.map((id) => {
          const note = written.get(id);
          return { id, tags: tags.get(id) ?? [], ...(note ? { note } : {}) };
        }),
      };
    },
  };
}
