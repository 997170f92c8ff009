import { isServiceError } from '../client/errors';
import type { Logger } from '../logging/logger';
import { silentLogger } from '../logging/logger';
import type { BatchRecord, BatchStore, MemberRecord } from './batch-store';
import type { ListedJob } from './find-submitted';
import { findSubmitted } from './find-submitted';

/** Thrown by a transport when nothing can be sent now (logged out, another connection active): the batch pauses. */
export class BatchBlockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BatchBlockedError';
  }
}

/** How a batch reaches its service: the app's active connection, or the CLI's session. */
export interface BatchTransport {
  /** Sends one member's payload; resolves the new job's id. Throws why not (a ServiceError). */
  submit(member: MemberRecord, batch: BatchRecord): Promise<number>;
  /** The service's job list, to find a submission whose answer was lost. */
  listJobs(): Promise<ListedJob[]>;
  /** Why this batch cannot be sent now (another connection is active), or null. */
  blocked?(batch: BatchRecord): string | null;
}

export interface BatchRunnerOptions {
  store: BatchStore;
  transport: BatchTransport;
  /** Told after every change of a batch or a member. */
  onChange?: (batchId: string, member?: MemberRecord) => void;
  log?: Logger;
  now?: () => Date;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sends the members of batches, one at a time at the batch's rate, and never one twice:
 *
 * - a member is written `sending` (with the time) before its request leaves;
 * - a request whose outcome is unknown (a time-out after it was sent) is looked for in the
 *   job list by the member's unique name and its time before anything is sent again; if the
 *   list has it, that job is the member's; if not, the member waits as `unknown` until retried;
 * - a member found `sending` when a run starts (the app stopped mid-request) is looked up the
 *   same way, and sent only if the list does not have it;
 * - a failure that is not the member's (the network, the login) pauses the batch with a note
 *   instead of failing every member after it.
 */
export class BatchRunner {
  readonly #o: BatchRunnerOptions;
  readonly #runs = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  readonly #log: Logger;

  constructor(options: BatchRunnerOptions) {
    this.#o = options;
    this.#log = options.log ?? silentLogger;
  }

  /** Runs the batch until it is done or paused; one run per batch at a time (a second call joins it). */
  run(batchId: string): Promise<void> {
    const running = this.#runs.get(batchId);
    if (running) return running.promise;
    const abort = new AbortController();
    const promise = this.#loop(batchId, abort.signal)
      .catch((error: unknown) => {
        this.#log.error('a batch run stopped', { batchId, error });
        this.#setBatch(batchId, {
          state: 'paused',
          note: `Stopped by an error: ${message(error)}`,
        });
      })
      .finally(() => this.#runs.delete(batchId));
    this.#runs.set(batchId, { promise, abort });
    return promise;
  }

  isRunning(batchId: string): boolean {
    return this.#runs.has(batchId);
  }

  /** Stops sending after the request in flight (if any); resume goes on from there. */
  async pause(batchId: string): Promise<void> {
    if (this.#o.store.get(batchId)?.state === 'running')
      this.#setBatch(batchId, { state: 'paused', note: null });
    const running = this.#runs.get(batchId);
    running?.abort.abort();
    await running?.promise;
  }

  resume(batchId: string): Promise<void> {
    this.#setBatch(batchId, { state: 'running', note: null });
    return this.run(batchId);
  }

  /**
   * Sends the failed members again, and the unknown ones after one more look in the job list.
   * `indexes` limits it to those members.
   */
  retry(batchId: string, indexes?: readonly number[]): Promise<void> {
    const only = indexes ? new Set(indexes) : null;
    for (const m of this.#o.store.members(batchId)) {
      if (only && !only.has(m.index)) continue;
      if (m.state === 'failed') this.#setMember(m, { state: 'planned', error: null });
      // `sending` is "may be out already": the run looks it up before sending again.
      else if (m.state === 'unknown') this.#setMember(m, { state: 'sending' });
    }
    return this.resume(batchId);
  }

  /** Stops every run (the app is closing); batches stay `running` on disk and resume next time. */
  async stopAll(): Promise<void> {
    const runs = [...this.#runs.values()];
    for (const r of runs) r.abort.abort();
    await Promise.all(runs.map((r) => r.promise));
  }

  async #loop(batchId: string, signal: AbortSignal): Promise<void> {
    const { store } = this.#o;
    let lastSend = -Infinity;
    while (!signal.aborted) {
      const batch = store.get(batchId);
      if (!batch || batch.state !== 'running') return;
      const blocked = this.#o.transport.blocked?.(batch);
      if (blocked) {
        this.#setBatch(batchId, { state: 'paused', note: blocked });
        return;
      }
      const members = store.members(batchId);
      const next = members.find((m) => m.state === 'planned' || m.state === 'sending');
      if (!next) {
        this.#setBatch(batchId, { state: 'done', note: null });
        return;
      }
      if (next.state === 'sending') {
        const found = await this.#lookUp(next, members);
        if (found === 'failed') return;
        if (found !== null) continue;
      }
      const wait = lastSend + 1000 / batch.ratePerSecond - Date.now();
      await sleep(wait, signal);
      if (signal.aborted || store.get(batchId)?.state !== 'running') return;
      lastSend = Date.now();
      if (!(await this.#send(batch, next, members))) return;
    }
  }

  /** The member's job from the job list: its id, null when the list does not have it, 'failed' when the list cannot be read. */
  async #lookUp(member: MemberRecord, members: MemberRecord[]): Promise<number | null | 'failed'> {
    let jobs: ListedJob[];
    try {
      jobs = await this.#o.transport.listJobs();
    } catch (error) {
      this.#setMember(member, {
        state: 'unknown',
        error: `The job list could not be read to find out whether it was submitted: ${message(error)}`,
      });
      this.#setBatch(member.batchId, {
        state: 'paused',
        note: `Paused: ${message(error)}`,
      });
      return 'failed';
    }
    const taken = new Set(members.flatMap((m) => (m.jobId !== null ? [m.jobId] : [])));
    const id = findSubmitted(jobs, member, taken);
    if (id !== null) {
      this.#log.info('a lost submission was found in the job list', { member: member.name, id });
      this.#setMember(member, { state: 'submitted', jobId: id, error: null });
    }
    return id;
  }

  /** Sends one member; false when the batch must stop (paused by a failure that is not the member's). */
  async #send(batch: BatchRecord, member: MemberRecord, members: MemberRecord[]): Promise<boolean> {
    const now = this.#o.now?.() ?? new Date();
    this.#setMember(member, {
      state: 'sending',
      sentAt: now.toISOString(),
      attempts: member.attempts + 1,
    });
    try {
      const jobId = await this.#o.transport.submit(member, batch);
      this.#setMember(member, { state: 'submitted', jobId, error: null });
      return true;
    } catch (error) {
      if (isServiceError(error) && error.outcome === 'unknown') {
        const sent = { ...member, sentAt: now.toISOString() };
        const found = await this.#lookUp(sent, members);
        if (found === 'failed') return false;
        if (found === null)
          this.#setMember(member, {
            state: 'unknown',
            error: `${message(error)} The job list has no job named “${member.name}” since it was sent; Retry sends it again.`,
          });
        return true;
      }
      if (isServiceError(error) && error.outcome === 'rejected' && error.code === 'http') {
        this.#setMember(member, { state: 'failed', error: message(error) });
        return true;
      }
      if (isServiceError(error) || error instanceof BatchBlockedError) {
        // Nothing was made: the network, the login, a refused variant. Not this member's fault.
        this.#setMember(member, { state: 'planned', error: null });
        this.#setBatch(batch.id, { state: 'paused', note: `Paused: ${message(error)}` });
        return false;
      }
      // The payload itself (refused before sending).
      this.#setMember(member, { state: 'failed', error: message(error) });
      return true;
    }
  }

  #setMember(member: MemberRecord, patch: Parameters<BatchStore['updateMember']>[2]): void {
    Object.assign(member, patch);
    this.#o.store.updateMember(member.batchId, member.index, patch);
    this.#o.onChange?.(member.batchId, member);
  }

  #setBatch(batchId: string, patch: Parameters<BatchStore['updateBatch']>[1]): void {
    this.#o.store.updateBatch(batchId, patch);
    this.#o.onChange?.(batchId);
  }
}
