import { isTerminalStatus } from '../../../shared/variants';
import type { EngineProgress } from '../engine/types';
import type { JobStore } from '../store/job-store';
import type { StoredJob } from '../store/stored-job';
import { logLine } from './job-log';

export type FinalStatus = 'completed' | 'error' | 'timeout' | 'cancelled';

/**
 * A job in memory: its record, its log, and the switch that stops whatever it waits on. Every
 * change goes to the store in order (the store coalesces), so what clients see is what a
 * restart finds, give or take the last write in flight.
 */
export class LiveJob {
  /** Aborts whatever the job is waiting on (validation delay, its run). */
  readonly controller = new AbortController();

  constructor(
    public record: StoredJob,
    public logs: string,
    private readonly store: JobStore,
    private readonly onProblem: (error: unknown) => void,
  ) {}

  get id(): number {
    return this.record.id;
  }

  get terminal(): boolean {
    return isTerminalStatus(this.record.status);
  }

  /** Appends a timestamped line; the log file only ever grows. */
  log(message: string): void {
    const line = logLine(message);
    this.logs += line;
    this.store.appendLog(this.id, line).catch(this.onProblem);
  }

  /** Applies at once (synchronously) and resolves when the record is stored. */
  change(fields: Partial<StoredJob>, message: string): Promise<void> {
    this.record = { ...this.record, ...fields, updated_at: new Date().toISOString() };
    this.log(message);
    return this.store.save(this.record).catch(this.onProblem);
  }

  /** Ends the job; a job that has already ended keeps its first ending. */
  async finish(
    status: FinalStatus,
    fields: Partial<Pick<StoredJob, 'result' | 'error' | 'error_logs'>>,
    message?: string,
  ): Promise<void> {
    if (this.terminal) return;
    await this.change(
      { ...fields, status, completed_at: new Date().toISOString() },
      message ?? status,
    );
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
      this.log(`progress ${Math.round(Math.min(1, Math.max(0, p.fraction)) * 100)}%: ${p.message}`);
    };
  }
}
