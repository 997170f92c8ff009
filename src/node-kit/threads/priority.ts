import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much lower than the process a background thread runs: added to its nice value (at most 19). */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the priority of the calling thread only, so heavy work on a worker thread (a payload's
 * validation, a circuit) gives way to the thread that answers requests when the cores are
 * contended, and takes every idle cycle otherwise. Linux schedules threads on their own and
 * `setpriority` takes a thread id; Node does not expose the id, but `/proc/thread-self` names
 * it. The thread ends `niceness` below the process's main thread, however often it is lowered
 * (a thread `lowerOtherThreadsPriority` reached first stays where it is). Elsewhere, or when
 * refused, nothing changes: the work runs at normal priority, as before. Returns whether the
 * thread is now below the main thread by that much.
 */
export function lowerThisThreadPriority(niceness: number = BACKGROUND_NICENESS): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const tid = thisThreadId();
    if (tid === null) return false;
    const target = Math.min(19, getPriority(process.pid) + Math.max(0, niceness));
    if (getPriority(tid) < target) setPriority(tid, target);
    return true;
  } catch {
    return false;
  }
}

/** The id of the calling thread (Linux), or null. */
function thisThreadId(): number | null {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  return Number.isInteger(tid) && tid > 0 ? tid : null;
}

/**
 * Lowers the priority of every other thread the process has now, so the calling thread (a
 * server's, whose answers are what users wait for) is served first when the cores are busy.
 * For a process of our own only (`qjob simulator`, `qjob web`): V8's helper threads are
 * shared by every thread of the process, and they collect and compile for a payload's
 * validation thread at normal priority, which on two cores took the server's thread off its
 * core for milliseconds at a time. Threads started later begin at the calling thread's
 * priority (the engine's lower their own); threads already below it are left as they are.
 * Linux only; elsewhere, or when refused, nothing changes. Returns how many were lowered.
 */
export function lowerOtherThreadsPriority(niceness: number = BACKGROUND_NICENESS): number {
  if (process.platform !== 'linux') return 0;
  let self: number | null;
  let threads: string[];
  try {
    self = thisThreadId();
    threads = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  if (self === null) return 0;
  let lowered = 0;
  for (const entry of threads) {
    const tid = Number(entry);
    if (!Number.isInteger(tid) || tid === self) continue;
    try {
      const ours = getPriority(self);
      if (getPriority(tid) !== ours) continue;
      setPriority(tid, Math.min(19, ours + Math.max(0, niceness)));
      lowered++;
    } catch {
      // The thread ended meanwhile, or the system refused: it keeps its priority.
    }
  }
  return lowered;
}
