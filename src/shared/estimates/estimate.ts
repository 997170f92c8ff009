import type { JobStatus } from '../variants';
import { isTerminalStatus } from '../variants/enums';
import type { DeviceDurations, DurationGroup, DurationModel } from './duration-model';
import { firstAbove, sortedQuantile } from './quantiles';

/**
 * Before running (pending, validating, queued, or not known: Variant A's records carry no
 * status) or running. Each has its own clock: a waiting job's time is counted from its
 * creation, a running one's from when this app first saw it running.
 */
export type JobPhase = 'waiting' | 'running';

export interface OpenJob {
  deviceId: number;
  /** The job type when known. */
  kind: string | null;
  phase: JobPhase;
  /** Time already spent in the phase. */
  elapsedMs: number;
}

/** Fewer jobs than this to rest on give no estimate and no stuck flag. */
export const MIN_SAMPLES = 5;
/** The high quantile shown beside the median, and the one the stuck rule measures against. */
export const HIGH_QUANTILE = 0.9;
/**
 * A job looks stuck once its time in the phase passes both STUCK_FACTOR times its device's
 * high quantile and that quantile plus STUCK_MARGIN_MS. The factor speaks for long jobs (a
 * queue of hours), the margin for short ones, whose measured times are only as fine as the
 * app's polling (seconds).
 */
export const STUCK_FACTOR = 2;
export const STUCK_MARGIN_MS = 20_000;

/** The time still to go, given the time already spent (not the whole duration). */
export interface RemainingEstimate {
  kind: 'estimate';
  phase: JobPhase;
  medianMs: number;
  highMs: number;
  /** How many finished jobs it rests on: those that had not ended after as long as this one. */
  basis: number;
  /** The job type it was learnt from; null when from every job of the device. */
  jobType: string | null;
}

export interface NoEstimate {
  kind: 'none';
  phase: JobPhase;
  /** Why, as the end of a sentence ("… on this device"). */
  reason: string;
  basis: number;
}

export type Estimate = RemainingEstimate | NoEstimate;

export interface StuckVerdict {
  phase: JobPhase;
  elapsedMs: number;
  /** The device's high quantile of time in this phase. */
  highMs: number;
  thresholdMs: number;
  /** How many finished jobs of the device the quantile rests on. */
  basis: number;
}

/** The phase of an unfinished job, or null when it has ended. */
export function phaseOf(status: JobStatus | null | undefined): JobPhase | null {
  if (isTerminalStatus(status)) return null;
  return status === 'running' ? 'running' : 'waiting';
}

/**
 * Median and high quantile of the time still to go, from the finished jobs of the same device
 * and job type that had not ended after as long as this one has been in its phase (the
 * conditional remaining time); from every job type of the device when that type has too few.
 */
export function estimateRemaining(model: DurationModel, job: OpenJob): Estimate {
  const device = model.devices[String(job.deviceId)];
  if (!device) {
    return {
      kind: 'none',
      phase: job.phase,
      reason: `no job on this device has finished yet; an estimate needs ${MIN_SAMPLES}`,
      basis: 0,
    };
  }
  const typed = job.kind !== null ? device.kinds[job.kind] : undefined;
  for (const [group, jobType] of [
    [typed, job.kind],
    [device.all, null],
  ] as const) {
    if (!group) continue;
    const found = remainingIn(group, job);
    if (found && found.basis >= MIN_SAMPLES) return { ...found, jobType };
  }
  return { kind: 'none', phase: job.phase, ...whyNot(device, job) };
}

function remainingIn(
  group: DurationGroup,
  job: OpenJob,
): Omit<RemainingEstimate, 'jobType'> | null {
  const e = Math.max(0, job.elapsedMs);
  if (job.phase === 'running') {
    const start = firstAbove(group.running, e);
    const basis = group.running.length - start;
    if (basis === 0) return null;
    return {
      kind: 'estimate',
      phase: 'running',
      medianMs: sortedQuantile(group.running, 0.5, start) - e,
      highMs: sortedQuantile(group.running, HIGH_QUANTILE, start) - e,
      basis,
    };
  }
  // Jobs that waited longer than this one has: their whole time less what this one spent.
  const start = firstAbove(group.wait, e);
  const basis = group.wait.length - start;
  if (basis === 0) return null;
  const rest = new Float64Array(basis);
  for (let i = 0; i < basis; i++) rest[i] = group.total[start + i]! - e;
  rest.sort();
  return {
    kind: 'estimate',
    phase: 'waiting',
    medianMs: sortedQuantile(rest, 0.5),
    highMs: sortedQuantile(rest, HIGH_QUANTILE),
    basis,
  };
}

function whyNot(device: DeviceDurations, job: OpenJob): { reason: string; basis: number } {
  const seen = job.phase === 'running' ? device.all.running : device.all.wait;
  const n = seen.length;
  if (n < MIN_SAMPLES) {
    const what = job.phase === 'running' ? 'seen running to the end' : 'finished';
    return {
      reason: `only ${n} job${n === 1 ? '' : 's'} on this device ${n === 1 ? 'was' : 'were'} ${what}; an estimate needs ${MIN_SAMPLES}`,
      basis: n,
    };
  }
  const longer = n - firstAbove(seen, Math.max(0, job.elapsedMs));
  const doing = job.phase === 'running' ? 'running' : 'waiting';
  return {
    reason: `it has been ${doing} longer than all but ${longer} of the ${n} finished jobs on this device`,
    basis: longer,
  };
}

/**
 * Whether a job looks stuck: its time in the phase passes its device's high quantile for that
 * phase by the margin (see STUCK_FACTOR and STUCK_MARGIN_MS). Null when it does not, or when
 * the device has too few finished jobs to say.
 */
export function stuckVerdict(model: DurationModel, job: OpenJob): StuckVerdict | null {
  const device = model.devices[String(job.deviceId)];
  if (!device) return null;
  const seen = job.phase === 'running' ? device.all.running : device.all.wait;
  if (seen.length < MIN_SAMPLES) return null;
  const highMs = sortedQuantile(seen, HIGH_QUANTILE);
  const thresholdMs = Math.max(STUCK_FACTOR * highMs, highMs + STUCK_MARGIN_MS);
  if (!(job.elapsedMs > thresholdMs)) return null;
  return { phase: job.phase, elapsedMs: job.elapsedMs, highMs, thresholdMs, basis: seen.length };
}
