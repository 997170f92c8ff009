import { isTerminalStatus } from '../../shared/variants';
import type { EngineProgress } from '../engine/types';
import type { JobStore } from '../store/job-store';
import type { StoredJob } from '../store/stored-job';
import { logLine } from './job-log';

export type FinalStatus = 'completed' | 'error' | 'timeout' | 'cancelled';

/** What clients are shown of a job: the record and log as they are on disk. */
export interface JobView {
  job: StoredJob;
  logs: string;
  /** Why the job's latest change is not on disk yet (the disk is full, …); null when it is. */
  unsaved: string | null;
}

export interface LiveJobHooks {
  /** Told once per new reason a write failed (not on every retry). */
  onProblem: (message: string) => void;
  /** A write failed: the job wants `retry()` later. */
  onUnsaved: (job: LiveJob) => void;
}

/**
 * A job in memory: its working record (what the lifecycle acts on), its log, and the switch that
 * stops whatever it waits on. Clients are shown only what is on disk: a change becomes visible
 * once the record and the log lines before it are written, so a restart (which reads the disk)
 * never contradicts what a client was told. A failed write leaves the job shown as it was last
 * saved, with the reason, until a retry gets the change to disk.
 */
export class LiveJob {
  /** Aborts whatever the job is waiting on (validation delay, its run). */
  readonly controller = new AbortController();
  private saved: StoredJob;
  private version = 0;
  private savedVersion = 0;
  private logsOnDisk: number;
  private failure: string | null = null;
  private lastWrite: Promise<boolean> = Promise.resolve(true);
  /**
   * Where the log lines of each record change not yet on disk begin (by version): those lines
   * are shown with the change they describe, never before it ("finished", "100%" while the
   * record still says running).
   */
  private readonly changeLogFrom = new Map<number, number>();

  constructor(
    public record: StoredJob,
    public logs: string,
    private readonly store: JobStore,
    private readonly hooks: LiveJobHooks,
  ) {
    this.saved = record;
    this.logsOnDisk = logs.length;
  }

  get id(): number {
    return this.record.id;
  }

  /** Whether the working record has ended (it may not be on disk yet: see `view`). */
  get terminal(): boolean {
    return isTerminalStatus(this.record.status);
  }

  get view(): JobView {
    const held = this.changeLogFrom.get(this.savedVersion + 1);
    const shown = Math.min(this.logsOnDisk, held ?? Infinity);
    return {
      job: this.saved,
      logs: shown === this.logs.length ? this.logs : this.logs.slice(0, shown),
      unsaved: this.failure,
    };
  }

  /** Resolves true once everything written so far is on disk, false if a write failed. */
  written(): Promise<boolean> {
    return this.lastWrite;
  }

  /** Appends a timestamped line; the log file only ever grows. */
  log(message: string): Promise<boolean> {
    const line = logLine(message);
    this.logs += line;
    return this.appendLog(line);
  }

  /**
   * Applies at once (synchronously) and resolves when the change is on disk (false: it is not).
   * Its log lines (`message`, one or several) are shown together with the changed record.
   */
  change(fields: Partial<StoredJob>, message: string | readonly string[]): Promise<boolean> {
    this.record = { ...this.record, ...fields, updated_at: new Date().toISOString() };
    this.changeLogFrom.set(this.version + 1, this.logs.length);
    const lines = (typeof message === 'string' ? [message] : message)
      .map((m) => logLine(m))
      .join('');
    this.logs += lines;
    return this.persist(this.appendLog(lines));
  }

  /** Ends the job; a job that has already ended keeps its first ending. */
  async finish(
    status: FinalStatus,
    fields: Partial<Pick<StoredJob, 'result' | 'error' | 'error_logs'>>,
    message?: string | readonly string[],
  ): Promise<boolean> {
    if (this.terminal) return this.written();
    return this.change(
      { ...fields, status, completed_at: new Date().toISOString() },
      message ?? status,
    );
  }

  /** Writes again whatever a failed write left off disk; resolves true once all of it is there. */
  retry(): Promise<boolean> {
    const logged = this.logsOnDisk < this.logs.length ? this.appendLog('') : Promise.resolve(true);
    if (this.savedVersion === this.version) {
      return logged.then((ok) => {
        this.settle();
        return ok;
      });
    }
    return this.persist(logged);
  }

  /** Logs engine progress: enough lines to watch a job move, not one per engine step. */
  progressLogger(): (progress: EngineProgress) => void {
    let lastFraction = -1;
    let lastAt = 0;
    return (p) => {
      const now = Date.now();
      if (p.fraction - lastFraction < 0.1 && now - lastAt < 1000 && p.fraction < 1) return;
      lastFraction = p.fraction;
      lastAt = now;
      void this.log(
        `progress ${Math.round(Math.min(1, Math.max(0, p.fraction)) * 100)}%: ${p.message}`,
      );
    };
  }

  /**
   * The store resolves an append once everything pushed before it is on disk (a failed chunk is
   * kept and written with the next one), so the log is on disk up to where this line ends.
   */
  private appendLog(text: string): Promise<boolean> {
    const end = this.logs.length;
    return this.store.appendLog(this.id, text).then(
      () => {
        this.logsOnDisk = Math.max(this.logsOnDisk, end);
        return true;
      },
      (error: unknown) => this.failed(error),
    );
  }

  /** Writes the working record; it becomes visible once it and the log before it are on disk. */
  private persist(logged: Promise<boolean>): Promise<boolean> {
    const snapshot = this.record;
    const version = ++this.version;
    const stored = this.store.save(snapshot).then(
      () => true,
      (error: unknown) => this.failed(error),
    );
    const done = Promise.all([logged, stored]).then(([logOk, recordOk]) => {
      if (recordOk && logOk && version > this.savedVersion) {
        this.savedVersion = version;
        this.saved = snapshot;
        for (const v of this.changeLogFrom.keys()) if (v <= version) this.changeLogFrom.delete(v);
      }
      this.settle();
      return logOk && recordOk;
    });
    this.lastWrite = done;
    return done;
  }

  private settle(): void {
    if (this.savedVersion === this.version && this.logsOnDisk === this.logs.length)
      this.failure = null;
  }

  private failed(error: unknown): false {
    const why = error instanceof Error ? error.message : String(error);
    if (why !== this.failure) {
      this.hooks.onProblem(`job ${this.id}: a change could not be saved (${why}); retrying`);
    }
    this.failure = why;
    this.hooks.onUnsaved(this);
    return false;
  }
}
