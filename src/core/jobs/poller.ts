import { EventEmitter } from 'node:events';
import type { JobInfo } from '../../shared/variants';
import { VARIANTS } from '../../shared/variants';
import { ServiceError } from '../client/errors';
import type { DecodedJobDetail, ServiceClient } from '../client/types';
import type { Logger } from '../logging/logger';
import { silentLogger } from '../logging/logger';
import type { PollCadence } from './cadence';
import { FollowedJobs } from './followed-jobs';
import { liveSeen } from './live-seen';
import type { ConnectionState, JobPollerEvents } from './poller-events';
import { MAX_FOLLOWED_JOBS, MAX_WATCHED_JOBS, WatchLimitError } from './watch-limits';
import { errorCheckInterval, intervalFor, resolveCadence } from './cadence';
import {
  isAborted,
  isConnectionProblem,
  jobGone,
  reconnectDelay,
  watchError,
} from './poll-failures';
import type { Watched } from './watched-job';
import {
  movedBack,
  recordSaysEnded,
  recordSaysFailed,
  runLimited,
  watchedJob,
} from './watched-job';

export interface JobPollerOptions {
  client: ServiceClient;
  /** Jobs watched at most (MAX_WATCHED_JOBS). */
  maxWatched?: number;
  /** Jobs followed at most (MAX_FOLLOWED_JOBS). */
  maxFollowed?: number;
  cadence?: Partial<PollCadence>;
  /** Parallel single-job lookups per tick (variant without status in the job list). */
  concurrency?: number;
  logger?: Logger;
  now?: () => number;
  random?: () => number;
}

/**
 * Watches any number of jobs until each reaches a terminal status, using the cheapest form
 * the variant allows: when job records carry `status` (the variant declares it), one
 * `GET /jobs` per tick serves every watched job; otherwise one flag-less `GET /jobs/{id}` per
 * due job. Fast while running, slower while waiting. When the service cannot be reached it
 * backs off, reports "reconnecting" and resumes by itself.
 */
export class JobPoller extends EventEmitter<JobPollerEvents> {
  readonly #client: ServiceClient;
  readonly #cadence: PollCadence;
  readonly #concurrency: number;
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly #random: () => number;
  /** The variant's job records must carry `status` (Variant B): the list is always the source. */
  readonly #listStatusRequired: boolean;
  readonly #maxWatched: number;
  readonly #jobs = new Map<number, Watched>();
  readonly #followed: FollowedJobs;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #ticking = false;
  #failures = 0;
  #connection: ConnectionState = 'online';
  #abort = new AbortController();
  #stopped = false;
  /** Between error-text lookups of one status-less job; set at each tick from their number. */
  #errorCheckEvery = 0;

  constructor(options: JobPollerOptions) {
    super();
    this.#client = options.client;
    this.#cadence = resolveCadence(options.cadence);
    this.#concurrency = Math.max(1, options.concurrency ?? 4);
    this.#logger = options.logger ?? silentLogger;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#listStatusRequired = VARIANTS[options.client.variant].jobInfoStatusRequired;
    this.#maxWatched = Math.max(1, options.maxWatched ?? MAX_WATCHED_JOBS);
    this.#followed = new FollowedJobs(Math.max(1, options.maxFollowed ?? MAX_FOLLOWED_JOBS));
  }

  get connection(): ConnectionState {
    return this.#connection;
  }

  /** The ids still watched. */
  get watching(): number[] {
    return [...this.#jobs.keys()];
  }

  /**
   * Starts watching a job (no-op when already watched). Looked at on the next tick. Throws
   * WatchLimitError, watching nothing, when the poller already watches as many as it may.
   */
  watch(jobId: number): void {
    this.watchAll([jobId]);
  }

  /** Starts watching these jobs: all of them, or (WatchLimitError) none. */
  watchAll(jobIds: Iterable<number>): void {
    if (this.#stopped) throw new Error('JobPoller: watch() after stop()');
    const fresh = new Set<number>();
    for (const id of jobIds) if (!this.#jobs.has(id)) fresh.add(id);
    if (this.#jobs.size + fresh.size > this.#maxWatched)
      throw new WatchLimitError(this.#maxWatched, fresh.size, this.#jobs.size);
    const now = this.#now();
    for (const id of fresh) this.#jobs.set(id, watchedJob(id, now));
    this.#schedule(0);
  }

  /** The ids followed (follow()). */
  get following(): number[] {
    return this.#followed.ids;
  }

  /**
   * Follows a job until it ends: it is watched, and at each of its ticks its record and logs are
   * looked up (those alone) and sent as a `live` event when they changed. Follows are counted:
   * the job is followed until each follow is undone (unfollow()) or it ends. Throws
   * FollowLimitError, following nothing, past MAX_FOLLOWED_JOBS distinct jobs, and
   * WatchLimitError when it cannot be watched.
   */
  follow(jobId: number): void {
    this.#followed.checkRoom(jobId);
    this.watch(jobId);
    this.#followed.add(jobId);
  }

  /** Undoes one follow; the job stays watched for its status until it ends. */
  unfollow(jobId: number): void {
    this.#followed.remove(jobId);
  }

  unwatch(jobId: number): void {
    this.#jobs.delete(jobId);
    this.#followed.drop(jobId);
    if (this.#jobs.size === 0) this.#clearTimer();
  }

  /** Stops every timer and cancels requests in flight. */
  stop(): void {
    this.#stopped = true;
    this.#clearTimer();
    this.#abort.abort(new ServiceError({ code: 'aborted', operation: 'watching jobs' }));
    this.#jobs.clear();
    this.#followed.clear();
  }

  #schedule(delay: number): void {
    if (this.#stopped || this.#jobs.size === 0) return;
    this.#clearTimer();
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        void this.#tick();
      },
      Math.max(0, delay),
    );
  }

  #scheduleNext(): void {
    if (this.#stopped || this.#jobs.size === 0) return;
    // A loop, not Math.min(...spread): a spread of 100,000 arguments overflows the stack.
    let next = Number.POSITIVE_INFINITY;
    for (const job of this.#jobs.values()) if (job.dueAt < next) next = job.dueAt;
    this.#schedule(next - this.#now());
  }

  #clearTimer(): void {
    // Stryker disable next-line ConditionalExpression: clearTimeout(null) does nothing either
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #tick(): Promise<void> {
    if (this.#ticking || this.#stopped) return;
    this.#ticking = true;
    try {
      const now = this.#now();
      let statusless = 0;
      for (const j of this.#jobs.values()) if (j.statusless) statusless++;
      this.#errorCheckEvery = errorCheckInterval(statusless, this.#cadence);
      const due = [...this.#jobs.values()].filter((j) => j.dueAt <= now && !j.inFlight);
      const finishing = due.filter((j) => j.finishing);
      // A followed job's lookup of its logs tells its status too: it is not asked twice.
      const followed = due.filter((j) => !j.finishing && this.#followed.has(j.id));
      const polling = due.filter((j) => !j.finishing && !this.#followed.has(j.id));
      if (polling.length > 0) {
        if (this.#listCarriesStatus() || polling.length > this.#cadence.listAbove) {
          await this.#pollByList(polling);
        } else await this.#runLimited(polling, (j) => this.#pollOne(j));
      }
      if (followed.length > 0) await this.#runLimited(followed, (j) => this.#pollLive(j));
      if (finishing.length > 0) await this.#runLimited(finishing, (j) => this.#fetchDetail(j));
      if (due.length > 0) this.#online();
    } catch (error) {
      this.#offline(error);
    } finally {
      this.#ticking = false;
      this.#scheduleNext();
    }
  }

  /**
   * Whether one list request tells every watched job's status: where the variant requires it
   * on every record, and in Variant A once a job list came with it (the real service sends it;
   * the client notes it, from this poller's lists or any other).
   */
  #listCarriesStatus(): boolean {
    return this.#listStatusRequired || this.#client.listCarriesStatus?.() === true;
  }

  /** Variant whose job records carry status: one list serves every watched job. */
  async #pollByList(due: Watched[]): Promise<void> {
    // Listed for their status alone: a list without it sends the due jobs to lookups by id now.
    const forStatus = !this.#listStatusRequired && this.#listCarriesStatus();
    let items: JobInfo[];
    try {
      items = await this.#client.listJobs({ signal: this.#abort.signal });
    } catch (error) {
      if (isConnectionProblem(error) || isAborted(error)) throw error;
      // One unreadable record spoils the list for every job: ask for the due ones one by one.
      this.#logger.warn(`job list unusable, polling jobs one by one: ${(error as Error).message}`);
      await this.#runLimited(due, (j) => this.#pollOne(j));
      return;
    }
    const byId = new Map(items.map((info) => [info.id, info]));
    // Sets: a thousand jobs watched would make list lookups a million steps a tick.
    const isDue = new Set(due);
    const missing = new Set<Watched>();
    for (const job of [...this.#jobs.values()]) {
      if (job.finishing || this.#followed.has(job.id)) continue;
      const info = byId.get(job.id);
      if (info) this.#observe(job, info);
      else if (isDue.has(job)) missing.add(job);
    }
    // Not in the list (a page we do not see, or gone): ask for it by id. A record without a
    // status may hide a failure only the error text shows: those are asked for by id too, now
    // and then (#errorCheckDue).
    const now = this.#now();
    const byIdNow = due.filter(
      (j) =>
        missing.has(j) ||
        (!j.finishing && j.statusless && (forStatus || this.#errorCheckDue(j, now))),
    );
    if (byIdNow.length) await this.#runLimited(byIdNow, (j) => this.#pollOne(j));
  }

  /** A status-less job's error text is due for a look (spread over all such jobs). */
  #errorCheckDue(job: Watched, now: number): boolean {
    return now - job.errorCheckedAt >= this.#errorCheckEvery;
  }

  /** The flag-less lookup (#lookUp). */
  async #pollOne(job: Watched): Promise<void> {
    await this.#lookUp(job, false);
  }

  /**
   * A followed job: its record and logs, observed like any lookup, then sent as a `live` event
   * when they differ from the last one.
   */
  async #pollLive(job: Watched): Promise<void> {
    const { detail, problems, truncated } = await this.#lookUp(job, true);
    const seen = liveSeen(job.status, detail, problems, truncated);
    if (!this.#jobs.has(job.id) || !this.#followed.changed(job.id, seen)) return;
    this.emit('live', {
      jobId: job.id,
      status: job.status,
      // The status the poller holds: a record that says less (none) or moves back says nothing.
      detail: job.status === null ? detail : { ...detail, status: job.status },
      problems,
      ...(truncated ? { truncated } : {}),
      at: new Date(this.#now()).toISOString(),
    });
  }

  /**
   * A job's record (with its logs when `logs`), observed. For a job whose records carry no
   * status it asks now and then for the error text too: a service may fail a job without setting
   * `completed_at`, and without this such a job would be watched forever.
   */
  async #lookUp(job: Watched, logs: boolean): Promise<DecodedJobDetail> {
    const now = this.#now();
    const withError = job.statusless && this.#errorCheckDue(job, now);
    if (withError) job.errorCheckedAt = now;
    const found = await this.#client.getJob(job.id, {
      ...(logs ? { fields: ['logs' as const] } : {}),
      signal: this.#abort.signal,
      ...(withError ? { withError: true } : {}),
    });
    // An error text that arrived but could not be decoded still says the job failed.
    this.#observe(job, found.detail, recordSaysFailed(found.detail, found.problems));
    return found;
  }

  /** Per-job work, #concurrency at a time (runLimited): a connection-level failure is thrown. */
  #runLimited(jobs: Watched[], work: (job: Watched) => Promise<void>): Promise<void> {
    return runLimited(jobs, this.#concurrency, work, (job, error) => this.#jobFailed(job, error));
  }

  #observe(job: Watched, info: JobInfo, failed = false): void {
    if (!this.#jobs.has(job.id)) return;
    const reported = info.status ?? null;
    job.statusless = reported === null;
    const back = movedBack(job, reported, this.#logger);
    const status = back ? job.status : reported;
    if (status !== null && status !== job.status) {
      const from = job.status;
      job.status = status;
      this.emit('status', {
        jobId: job.id,
        from,
        to: status,
        at: new Date(this.#now()).toISOString(),
        info,
      });
    }
    if (recordSaysEnded(status, info, failed)) {
      job.finishing = true;
      job.dueAt = this.#now();
    } else {
      job.dueAt = this.#now() + intervalFor(status, this.#cadence);
    }
  }

  async #fetchDetail(job: Watched): Promise<void> {
    const { detail, problems, truncated } = await this.#client.getJob(job.id, {
      full: true,
      signal: this.#abort.signal,
    });
    if (!this.#jobs.has(job.id)) return;
    this.#jobs.delete(job.id);
    this.#followed.drop(job.id);
    const back = movedBack(job, detail.status ?? null, this.#logger);
    const status = back ? job.status : (detail.status ?? job.status);
    if (!back && detail.status && detail.status !== job.status) {
      this.emit('status', {
        jobId: job.id,
        from: job.status,
        to: detail.status,
        at: new Date(this.#now()).toISOString(),
        info: detail,
      });
    }
    this.emit('detail', {
      jobId: job.id,
      status,
      detail,
      problems,
      ...(truncated ? { truncated } : {}),
    });
  }

  #jobFailed(job: Watched, error: unknown): void {
    const serviceError = watchError(job.id, error);
    if (serviceError.code === 'aborted') return;
    const gone = jobGone(serviceError);
    if (gone) {
      this.#jobs.delete(job.id);
      this.#followed.drop(job.id);
    } else {
      // Auth and decode problems do not fix themselves quickly: look again, but slowly.
      job.dueAt = this.#now() + this.#cadence.maxBackoffMs;
    }
    this.#logger.warn(`watching job ${job.id}: ${serviceError.message}`);
    this.emit('failure', { jobId: job.id, error: serviceError, final: gone });
  }

  #online(): void {
    this.#failures = 0;
    if (this.#connection !== 'online') {
      this.#connection = 'online';
      this.emit('connection', { state: 'online', retryAt: null, attempt: 0, message: null });
    }
  }

  #offline(error: unknown): void {
    if (this.#stopped) return;
    if (isAborted(error)) return;
    const delay = reconnectDelay(this.#failures, error, this.#cadence, this.#random);
    this.#failures++;
    const retryAt = this.#now() + delay;
    for (const job of this.#jobs.values()) job.dueAt = Math.max(job.dueAt, retryAt);
    this.#connection = 'reconnecting';
    const message = error instanceof Error ? error.message : String(error);
    this.#logger.warn(`job watcher reconnecting: ${message}`, { retryInMs: delay });
    this.emit('connection', {
      state: 'reconnecting',
      retryAt: new Date(retryAt).toISOString(),
      attempt: this.#failures,
      message,
    });
  }
}
