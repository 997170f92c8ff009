import type { LiveSeen } from './live-seen';
import { sameLive } from './live-seen';
import { FollowLimitError } from './watch-limits';

/**
 * The jobs the poller (poller.ts) follows: how many follows each has (a job is followed until
 * each is undone), at most `max` distinct jobs, and what its last live event said.
 */
export class FollowedJobs {
  readonly #jobs = new Map<number, { count: number; last: LiveSeen | null }>();

  constructor(private readonly max: number) {}

  get ids(): number[] {
    return [...this.#jobs.keys()];
  }

  has(jobId: number): boolean {
    return this.#jobs.has(jobId);
  }

  /** Throws FollowLimitError when `jobId` is a new job past the most that may be followed. */
  checkRoom(jobId: number): void {
    if (!this.#jobs.has(jobId) && this.#jobs.size >= this.max) throw new FollowLimitError(this.max);
  }

  /** One more follow of `jobId`. */
  add(jobId: number): void {
    const followed = this.#jobs.get(jobId);
    if (followed) followed.count++;
    else this.#jobs.set(jobId, { count: 1, last: null });
  }

  /** Undoes one follow of `jobId`. */
  remove(jobId: number): void {
    const followed = this.#jobs.get(jobId);
    if (!followed) return;
    if (--followed.count <= 0) this.#jobs.delete(jobId);
  }

  /** Every follow of `jobId` ends (it ended, or is watched no more). */
  drop(jobId: number): void {
    this.#jobs.delete(jobId);
  }

  clear(): void {
    this.#jobs.clear();
  }

  /** Whether a followed job's lookup says something new since its last live event (kept). */
  changed(jobId: number, seen: LiveSeen): boolean {
    const followed = this.#jobs.get(jobId);
    if (!followed || (followed.last && sameLive(followed.last, seen))) return false;
    followed.last = seen;
    return true;
  }
}
