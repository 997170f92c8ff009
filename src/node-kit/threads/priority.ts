import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much lower than the process a background thread runs: added to its nice value (at most 19). */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the priority of the calling thread only, so heavy work on a worker thread (a payload's
 * validation, a circuit) gives way to the thread that answers requests when the cores are
 * contended, and takes every idle cycle otherwise. Linux schedules threads on their own and
 * `setpriority` takes a thread id; Node does not expose the id, but `/proc/thread-self` names
 * it. Elsewhere, or when refused, nothing changes: the work runs at normal priority, as before.
 * Returns whether the priority was lowered.
 */
export function lowerThisThreadPriority(niceness: number = BACKGROUND_NICENESS): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    const now = getPriority(tid);
    setPriority(tid, Math.min(19, now + Math.max(0, niceness)));
    return true;
  } catch {
    return false;
  }
}
