import type { DetailField, StoreReason } from '../../shared/ipc/schemas';
import type { JobDetail, JobInfo } from '../../shared/variants';
import { movesBack } from '../../shared/variants';
import { APP_ERROR_CODES, AppError } from '../errors/app-error';
import { describeStorageFailure, isSqliteFailure } from '../../node-kit/fs/storage-failure';
import { overKept } from './record-merge';
import { isUnreachable } from './unreachable';
import type { CachedProblem, JobCache, StatusChange } from './types';

/** How the service is reached for one call, or why it is not asked (not logged in, say). */
export type Fetcher<T> =
  | { fetch: () => Promise<T> }
  | { unavailable: string; reason: Exclude<StoreReason, 'unreachable'> };

export interface ListAnswer {
  jobs: JobInfo[];
  fetchedAt: string;
  fromCache: boolean;
  /** Why the service was not asked or did not answer, when `fromCache`. */
  offline: string | null;
  /** Which of the two: only 'unreachable' is offline. */
  storeReason: StoreReason | null;
  /** The records the service returned in this call (null when it was not reached). */
  fresh: JobInfo[] | null;
  changes: StatusChange[];
  /** Why the store could not keep this answer (a full disk), for people; null when it did. */
  storeProblem: string | null;
}

export interface DetailAnswer {
  detail: JobDetail;
  problems: CachedProblem[];
  fetchedAt: string;
  fromCache: boolean;
  offline: string | null;
  storeReason: StoreReason | null;
  changes: StatusChange[];
}

const now = (): string => new Date().toISOString();

/**
 * Every job of a profile: asks the service, writes its answer to the store, and returns what the
 * store then holds (the service's records over anything kept from earlier pages or sessions).
 * When the service cannot be reached the store answers alone and says why. `cachedOnly`
 * answers from the store at once, so the monitor opens immediately with 100,000 jobs.
 */
export async function listJobs(
  cache: JobCache,
  profile: string,
  source: Fetcher<JobInfo[]>,
  options: { cachedOnly?: boolean } = {},
): Promise<ListAnswer> {
  const fromStore = (offline: string | null, storeReason: StoreReason | null): ListAnswer => ({
    jobs: cache.listRecords(profile),
    fetchedAt: now(),
    fromCache: true,
    offline,
    storeReason,
    fresh: null,
    changes: [],
    storeProblem: null,
  });
  if (options.cachedOnly) return fromStore(null, null);
  if ('unavailable' in source) return fromStore(source.unavailable, source.reason);
  let fresh: JobInfo[];
  try {
    fresh = await source.fetch();
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    return fromStore(offlineSentence(error), 'unreachable');
  }
  const fetchedAt = now();
  try {
    const { jobs, changes } = cache.mergeList(profile, fresh, fetchedAt);
    return {
      jobs,
      fetchedAt,
      fromCache: false,
      offline: null,
      storeReason: null,
      fresh,
      changes,
      storeProblem: null,
    };
  } catch (error) {
    // The store cannot be written (a full disk): the service's answer is still shown, over
    // what the store holds; the next list that can be written catches the store up.
    if (!isSqliteFailure(error)) throw error;
    return {
      jobs: overKept(
        fresh,
        readable(() => cache.listRecords(profile), []),
      ),
      fetchedAt,
      fromCache: false,
      offline: null,
      storeReason: null,
      fresh,
      changes: [],
      storeProblem: `The local job store could not keep the latest list (${describeStorageFailure(error)}): the service's answer is shown, and the store catches up once it can be written again.`,
    };
  }
}

function readable<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    if (!isSqliteFailure(error)) throw error;
    return fallback;
  }
}

/**
 * What a lookup asks for: `true` the full detail, `false` the cheap polling lookup, or some
 * parts only (a running job's logs).
 */
export type DetailAsk = boolean | { fields: readonly DetailField[] };

/**
 * One job, from the service when it answers (and then kept), else from the store: the full
 * detail when it was opened before, or at least its record with a note of what is missing.
 * A lookup of some parts keeps only the record: the store's detail is the complete one.
 */
export async function getJob(
  cache: JobCache,
  profile: string,
  id: number,
  ask: DetailAsk,
  source: Fetcher<{ detail: JobDetail; problems: CachedProblem[] }>,
): Promise<DetailAnswer> {
  const full = ask === true;
  const heavy = ask !== false;
  let offline: string;
  let storeReason: StoreReason;
  if ('unavailable' in source) {
    offline = source.unavailable;
    storeReason = source.reason;
  } else {
    try {
      const { detail, problems } = await source.fetch();
      const fetchedAt = now();
      // A store that cannot be written (a full disk) does not keep the service's answer from
      // the person; the job list says what is wrong with the store.
      const change = readable(
        () =>
          full
            ? cache.putDetail(profile, { detail, problems, fetchedAt }, 'detail')
            : (cache.upsertRecords(profile, [detail], fetchedAt, 'lookup')[0] ?? null),
        null,
      );
      // Statuses only move forward: a detail that says running of a job kept as completed shows
      // the kept status (the store noted the service's anomaly on the timeline).
      const known = readable(() => cache.getRecord(profile, id), null);
      return {
        detail:
          known?.status && movesBack(known.status, detail.status)
            ? {
                ...detail,
                status: known.status,
                completed_at: detail.completed_at ?? known.completed_at ?? null,
              }
            : detail,
        problems,
        fetchedAt,
        fromCache: false,
        offline: null,
        storeReason: null,
        changes: change ? [change] : [],
      };
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      offline = offlineSentence(error);
      storeReason = 'unreachable';
    }
  }
  const kept = heavy ? cache.getDetail(profile, id) : null;
  if (kept) return { ...kept, fromCache: true, offline, storeReason, changes: [] };
  const record = cache.getRecord(profile, id);
  if (record) {
    const missing = heavy
      ? ' Only its summary is stored here: the payload, result and logs were never opened while the service could be reached.'
      : '';
    return {
      detail: record,
      problems: [],
      fetchedAt: now(),
      fromCache: true,
      offline: `${offline}${missing}`,
      storeReason,
      changes: [],
    };
  }
  throw new AppError(
    APP_ERROR_CODES.notFound,
    `${offline} Job ${id} is not in the local store either: it was never listed or opened on this computer.`,
  );
}

function offlineSentence(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /[.!?]$/.test(message) ? message : `${message}.`;
}
