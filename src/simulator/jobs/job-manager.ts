import type { ExecutePayload, JobStatus, VariantId } from '../../shared/variants';
import type { SimClock } from '../clock';
import type { DeviceSpec } from '../devices/catalogue';
import type { DeviceRegistry } from '../devices/device-registry';
import type { EngineLimits } from '../engine/types';
import { mixSeed, seededRandom } from '../random';
import type { JobStore, StoreLoadReport } from '../store/job-store';
import { STORED_JOB_FORMAT } from '../store/stored-job';
import type { StoredJob } from '../store/stored-job';
import { Dispatcher } from './dispatcher';
import type { EnginePort } from './engine-port';
import { toEngineJob } from './engine-job';
import { formatSeconds } from './job-log';
import { resultFor } from './job-result';
import { LiveJob } from './live-job';
import type { JobView, LiveJobHooks } from './live-job';
import { runOnDevice } from './run-on-device';

export interface JobManagerOptions {
  variant: VariantId;
  store: JobStore;
  devices: DeviceRegistry;
  clock: SimClock;
  engine: EnginePort;
  seed: number;
  /** Probability (0..1) that a run ends in an injected device error. */
  failureRate: number;
  /** Simulated seconds a run may take before it ends in `timeout`. */
  runTimeLimitSeconds: number;
  /** Simulated seconds a job spends in `validating` before the check itself. */
  validationDelaySeconds: number;
  limits: EngineLimits;
  /** Read the SDK's form only (SimulatorOptions.sdkOnly). */
  sdkOnly?: boolean;
  /** Told about trouble that does not belong to one request (a failed disk write). */
  onProblem: (message: string) => void;
  /** Real milliseconds between attempts to write changes a failed write left off disk. */
  saveRetryMs?: number;
}

export interface Submission {
  device: DeviceSpec;
  executeType: string;
  payload: ExecutePayload;
  jobType: string | null;
  name: string | null;
  description: string | null;
  meta: Record<string, unknown>;
  notice: string | null;
  /** Extra lines for the log, e.g. a note about an unusual job type. */
  notes: string[];
}

export interface JobListQuery {
  statuses?: readonly JobStatus[];
  deviceId?: number;
  limit: number;
  offset: number;
}

export type CancelOutcome =
  | { ok: true; job: StoredJob }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'terminal'; status: JobStatus }
  /** The cancellation (or the ending it met) is not on disk: the job is shown as last saved. */
  | { ok: false; reason: 'not_stored'; view: JobView };

const STOPPED = Symbol('stopped');

/**
 * The job lifecycle of spec §2.8: pending → validating → queued → running → completed, or
 * error / timeout / cancelled. A job id is handed out only once its record is stored, and
 * clients see each job as it is on disk (`LiveJob`): changes a full disk kept off it are retried
 * until they are written, and shown only then.
 */
export class JobManager {
  private readonly jobs = new Map<number, LiveJob>();
  private readonly dispatcher: Dispatcher;
  private readonly tasks = new Set<Promise<void>>();
  private readonly problem = (error: unknown) =>
    this.o.onProblem(error instanceof Error ? error.message : String(error));
  private readonly unsaved = new Set<LiveJob>();
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly hooks: LiveJobHooks = {
    onProblem: (message) => this.o.onProblem(message),
    onUnsaved: (live) => {
      this.unsaved.add(live);
      this.scheduleRetry();
    },
  };
  private highestId = 0;
  private stopping = false;

  constructor(private readonly o: JobManagerOptions) {
    this.dispatcher = new Dispatcher(o.devices, (id) => this.track(this.run(id)), this.problem);
  }

  /**
   * Take over the stored jobs. Jobs that had not started are validated or queued again; a job
   * that was running cannot be resumed (its worker is gone), so it ends in `error`. Resolves once
   * those endings are on disk (or failed to get there), so a server started after it never shows
   * a lost job as still running.
   */
  restore(report: StoreLoadReport): Promise<void> {
    const endings: Promise<void>[] = [];
    this.highestId = Math.max(this.highestId, report.highestId);
    for (const { job, logs } of report.jobs) {
      this.jobs.set(job.id, new LiveJob(job, logs, this.o.store, this.hooks));
    }
    for (const live of this.jobs.values()) {
      if (live.terminal) continue;
      const device = this.o.devices.byCode(live.record.device_code);
      if (!device) {
        const error = `device ${live.record.device_code} no longer exists`;
        const error_logs = `${error}; the simulator was restarted with another device catalogue.`;
        endings.push(this.track(live.finish('error', { error, error_logs })));
      } else if (live.record.status === 'running') {
        const error = 'simulator restarted while the job was running';
        const error_logs = `${error}: the run was lost with the process that computed it. Submit the job again.`;
        endings.push(this.track(live.finish('error', { error, error_logs })));
      } else if (live.record.status === 'queued') {
        this.track(this.enqueue(live, device, 'simulator restarted; back in the queue'));
      } else {
        void live.log('simulator restarted; validating the job again');
        this.track(this.validate(live, device));
      }
    }
    return Promise.all(endings).then(() => undefined);
  }

  /** Record a new job (durably) and start its lifecycle; resolves before any work is done. */
  async submit(s: Submission): Promise<StoredJob> {
    if (this.stopping) throw new Error('the simulator is stopping');
    const id = ++this.highestId;
    const now = new Date().toISOString();
    const kindLabel = s.executeType.replace(/_/g, ' ');
    const record: StoredJob = {
      format: STORED_JOB_FORMAT,
      id,
      variant: this.o.variant,
      name: s.name ?? `job-${id}`,
      description: s.description ?? `${kindLabel} on ${s.device.name}`,
      device_id: s.device.id,
      device_code: s.device.code,
      execute_type: s.executeType,
      job_type: s.jobType,
      status: 'pending',
      created_at: now,
      updated_at: now,
      completed_at: null,
      payload: s.payload,
      meta: s.meta,
      result: null,
      error: null,
      error_logs: null,
      notice: s.notice,
    };
    try {
      await this.o.store.save(record);
    } catch (error) {
      // Nothing was written: the id goes back unless a later submission took the next one.
      if (this.highestId === id) this.highestId = id - 1;
      throw error;
    }
    const live = new LiveJob(record, '', this.o.store, this.hooks);
    this.jobs.set(id, live);
    const jobType = s.jobType ? `, job type ${s.jobType}` : '';
    void live.log(`received ${kindLabel} job for ${s.device.name} (${s.device.code})${jobType}`);
    for (const note of s.notes) void live.log(note);
    if (s.notice) void live.log(`notice: ${s.notice}`);
    this.track(this.validate(live, s.device));
    return record;
  }

  /** The job as it is on disk, and why its latest change is not (when it is not). */
  get(id: number): JobView | undefined {
    return this.jobs.get(id)?.view;
  }

  /** Newest first, each job as it is on disk. */
  list(query: JobListQuery): StoredJob[] {
    const statuses = query.statuses?.length ? new Set(query.statuses) : null;
    return [...this.jobs.values()]
      .map((l) => l.view.job)
      .filter((r) => (statuses ? statuses.has(r.status) : true))
      .filter((r) => query.deviceId === undefined || r.device_id === query.deviceId)
      .sort((a, b) => b.id - a.id)
      .slice(query.offset, query.offset + query.limit);
  }

  async cancel(id: number): Promise<CancelOutcome> {
    const live = this.jobs.get(id);
    if (!live) return { ok: false, reason: 'not_found' };
    if (live.terminal) {
      // Its ending may still be on its way to disk: answer with what the disk will say.
      if (!(await live.written())) return { ok: false, reason: 'not_stored', view: live.view };
      return { ok: false, reason: 'terminal', status: live.view.job.status };
    }
    const was = live.record.status;
    this.dispatcher.remove(id);
    live.controller.abort(STOPPED);
    const saved = await live.finish('cancelled', {}, `cancelled by the user while ${was}`);
    if (!saved) return { ok: false, reason: 'not_stored', view: live.view };
    return { ok: true, job: live.view.job };
  }

  /** Stop all work; jobs keep their stored state and are taken up again by `restore`. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.dispatcher.stop();
    for (const live of this.jobs.values()) live.controller.abort(STOPPED);
    await Promise.allSettled([...this.tasks]);
    await this.o.store.flush();
  }

  private async validate(live: LiveJob, device: DeviceSpec): Promise<void> {
    if (live.record.status === 'pending')
      await live.change({ status: 'validating' }, 'validating the payload');
    try {
      await this.o.clock.sleep(this.o.validationDelaySeconds, live.controller.signal);
    } catch {
      return; // cancelled or stopping: whoever aborted records why
    }
    const checked = await this.o.engine
      .validate(this.engineJob(live, device))
      .catch((e: unknown) => ({
        ok: false as const,
        error: `the validator failed: ${String(e)}`,
        errorLogs: e instanceof Error && e.stack ? e.stack : String(e),
      }));
    if (live.controller.signal.aborted || live.terminal) return;
    if (!checked.ok) {
      const fields = { error: checked.error, error_logs: checked.errorLogs };
      await live.finish('error', fields, `validation failed: ${checked.error}`);
      return;
    }
    void live.log('validated');
    await this.enqueue(live, device, 'queued');
  }

  /**
   * Status and log line first, then the queue: the dispatcher may start the job at once, and
   * it must find the job queued with its "queued behind" line already written.
   */
  private async enqueue(live: LiveJob, device: DeviceSpec, message: string): Promise<void> {
    const ahead = this.dispatcher.ahead(device.code);
    const status = this.o.devices.status(device.code);
    const held =
      status === 'online'
        ? ''
        : `; the device is ${status}, so its queue is held until it is back online`;
    const saved = live.change(
      { status: 'queued' },
      `${message} on ${device.code} behind ${ahead} job${ahead === 1 ? '' : 's'}${held}`,
    );
    this.dispatcher.enqueue(device.code, live.id);
    await saved;
  }

  private async run(id: number): Promise<void> {
    const live = this.jobs.get(id);
    const device = live && this.o.devices.byCode(live.record.device_code);
    if (!live || !device || live.record.status !== 'queued' || this.stopping) return;
    // Not awaited yet: the run need not wait for the disk; the store keeps writes in order.
    const saved = live.change(
      { status: 'running' },
      `started on device ${device.name} (${device.code})`,
    );
    const started = Date.now();
    const random = seededRandom(mixSeed(this.o.seed, 'fault', id));
    const progress = live.progressLogger();
    const end = await runOnDevice({
      engine: this.o.engine,
      clock: this.o.clock,
      engineJob: this.engineJob(live, device),
      device,
      runTimeLimitSeconds: this.o.runTimeLimitSeconds,
      injectFaultAt: random() < this.o.failureRate ? random() : null,
      signal: live.controller.signal,
      onProgress: progress,
    });
    await saved;
    if (end.status === 'stopped' || live.terminal) return;
    const took = `${formatSeconds(Date.now() - started)} s`;
    if (end.status === 'completed') {
      const result = resultFor(
        this.o.variant,
        live.record.execute_type,
        end.resultField,
        end.resultYaml,
      );
      // 100% only with the end, in the same change: the run's own progress stops short of it.
      await live.finish('completed', { result }, ['progress 100%: done', `finished in ${took}`]);
    } else {
      const what = end.status === 'timeout' ? 'timed out' : 'failed';
      const fields = { error: end.error, error_logs: end.errorLogs };
      await live.finish(end.status, fields, `${what} after ${took}: ${end.error}`);
    }
  }

  private engineJob(live: LiveJob, device: DeviceSpec) {
    return toEngineJob(live.record, device, mixSeed(this.o.seed, 'job', live.id), this.o.limits, {
      sdkOnly: this.o.sdkOnly ?? false,
    });
  }

  /** One timer for every job a failed write left off disk; a job that fails again comes back. */
  private scheduleRetry(): void {
    if (this.retryTimer || this.stopping) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      const waiting = [...this.unsaved];
      this.unsaved.clear();
      for (const live of waiting) this.track(live.retry());
    }, this.o.saveRetryMs ?? 1000);
    this.retryTimer.unref();
  }

  /** Background work is awaited on stop and its failures reported, never left dangling. */
  private track(task: Promise<unknown>): Promise<void> {
    const tracked = task.then(() => undefined, this.problem);
    this.tasks.add(tracked);
    void tracked.finally(() => this.tasks.delete(tracked));
    return tracked;
  }
}
