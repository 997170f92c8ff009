import { AnnotationsNotKeptError, TooManyTagsError } from '../../annotations/types';
import { BundleError } from '../../../shared/bundles';
import { collectBundle, openBundle } from '../../bundles';
import type { JobCache } from '../../cache';
import { profileCacheKey } from '../../cache';
import type { Logger } from '../../logging/logger';
import { NoPayloadError, rerunSource } from '../../rerun';
import type { ActiveConnection } from '../active-connection';
import { APP_ERROR_CODES, AppError } from '../../errors/app-error';
import type { ConnectionManager } from '../connection-manager';
import { fetchDetail } from '../job-details';
import type { HandlerTable } from '../dispatch';
import { recordedSubmit } from '../recorded-submit';

type HandoverCalls =
  | 'annotations.get'
  | 'annotations.changeTags'
  | 'annotations.setNote'
  | 'annotations.index'
  | 'jobs.rerunSource'
  | 'jobs.rerun'
  | 'bundles.export'
  | 'bundles.open';

export interface HandoverDeps {
  connections: ConnectionManager;
  cache: JobCache;
  log: Logger;
  app: { name: string; version: string; shell: 'electron' | 'web' };
}

/** A tag or note that could not be kept, as the storage error the panel shows. */
function notKept(error: unknown): unknown {
  return error instanceof AnnotationsNotKeptError
    ? new AppError(APP_ERROR_CODES.storage, error.message, { cause: error })
    : error;
}

/**
 * Rerun, tags and notes, and bundles (docs/rerun-tags-bundles.md). Tags and notes are kept in
 * the local job store under the active connection's key, and work logged out and offline.
 */
export function handoverHandlers(deps: HandoverDeps): Pick<HandlerTable, HandoverCalls> {
  const { connections, cache } = deps;
  const notes = cache.annotations;
  const key = (active: ActiveConnection) => profileCacheKey(active.profile);
  const active = () => connections.requireActive();

  const sourceOf = async (id: number) => {
    const conn = active();
    try {
      return await rerunSource(
        {
          store: notes,
          profileKey: key(conn),
          fullDetail: async (jobId) => (await fetchDetail(cache, conn, jobId, true)).detail,
          devices: async () => (await conn.devices(false)).devices,
        },
        id,
      );
    } catch (error) {
      if (error instanceof NoPayloadError)
        throw new AppError(APP_ERROR_CODES.notFound, error.message);
      throw error;
    }
  };

  return {
    'annotations.get': async ({ id }) => notes.annotations(key(active()), id),

    'annotations.changeTags': async ({ id, add, remove }) => {
      try {
        const change = { ...(add ? { add } : {}), ...(remove ? { remove } : {}) };
        return { tags: notes.changeTags(key(active()), id, change) };
      } catch (error) {
        if (error instanceof TooManyTagsError)
          throw new AppError(APP_ERROR_CODES.invalidInput, error.message);
        throw notKept(error);
      }
    },

    'annotations.setNote': async ({ id, note }) => {
      const profile = key(active());
      try {
        notes.setNote(profile, id, note, new Date().toISOString());
      } catch (error) {
        throw notKept(error);
      }
      return notes.annotations(profile, id);
    },

    'annotations.index': async () => ({
      jobs: [...notes.tagIndex(key(active()))].map(([id, tags]) => ({ id, tags })),
    }),

    'jobs.rerunSource': async ({ id }) => sourceOf(id),

    'jobs.rerun': async ({ id, deviceCode }) => {
      const source = await sourceOf(id);
      const device = deviceCode ?? source.deviceCode;
      if (!device) {
        throw new AppError(
          APP_ERROR_CODES.invalidInput,
          `The device job ${id} ran on is not in the device list: pick a device to run it on.`,
        );
      }
      return recordedSubmit(active(), cache, deps.log, {
        text: source.text,
        deviceCode: device,
        name: source.name || undefined,
        origin: { kind: 'rerun', jobId: id },
      });
    },

    'bundles.export': async ({ ids }) => {
      const conn = active();
      const { profile } = conn;
      try {
        const { text, fileName, redactions } = await collectBundle(
          {
            cache,
            profileKey: key(conn),
            detail: (id) => fetchDetail(cache, conn, id, true),
            devices: async () => (conn.isLoggedIn ? conn.devices(false) : null),
            app: deps.app,
            source: {
              variant: profile.variant,
              connection: profile.name,
              baseUrl: profile.builtin ? null : (profile.baseUrl ?? null),
            },
          },
          ids,
        );
        return { text, fileName, redactions };
      } catch (error) {
        if (error instanceof BundleError)
          throw new AppError(APP_ERROR_CODES.invalidInput, error.message);
        throw error;
      }
    },

    'bundles.open': async ({ text, fileName }) => {
      try {
        return openBundle(text, fileName);
      } catch (error) {
        if (error instanceof BundleError) {
          throw new AppError(APP_ERROR_CODES.invalidInput, error.message, {
            issues: [{ path: error.where ?? '', message: error.message }],
          });
        }
        throw error;
      }
    },
  };
}
