/* How many jobs the job poller (poller.ts) watches and follows at most, and its refusals. */

/**
 * Jobs one poller watches at most. Past it a watch is refused (WatchLimitError), never taken:
 * each watched job costs a timer slot and its share of every tick, and a page may ask for any
 * number. Room for twenty of the largest batches (1,000 members) besides the 500 unfinished jobs
 * a job list starts watching.
 */
export const MAX_WATCHED_JOBS = 20_000;

/** A watch refused because the poller already watches as many jobs as it may. */
export class WatchLimitError extends Error {
  readonly limit: number;
  constructor(limit: number, asked: number, watching: number) {
    const n = (x: number) => x.toLocaleString('en-US');
    super(
      `${asked === 1 ? 'The job was' : `These ${n(asked)} jobs were`} not watched: the app watches ` +
        `${n(watching)} already and watches at most ${n(limit)} at once. Jobs leave the watch as ` +
        `they end; ask again then.`,
    );
    this.name = 'WatchLimitError';
    this.limit = limit;
  }
}

/**
 * Jobs followed at most (follow()): each costs a lookup of its logs at every tick, and a log can
 * be megabytes. One per open job detail of each window or page, with room for a few of them.
 */
export const MAX_FOLLOWED_JOBS = 8;

/** A follow refused because the poller already follows as many jobs as it may. */
export class FollowLimitError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(
      `The job's log is not followed live: the app follows ${limit} jobs' logs already, the most ` +
        `it follows at once. Close another job's detail, or use Refresh.`,
    );
    this.name = 'FollowLimitError';
    this.limit = limit;
  }
}
