import { sleep } from '../node-kit/timers/sleep';

/**
 * Simulated time. Every wait the simulator makes (validation, queue dwell, device overhead,
 * device status schedule, run-time limits) is stated in simulated seconds and passes `speed`
 * times faster than the wall clock, so tests and demos can run fast. Timestamps shown to users
 * (created_at, log lines) stay wall-clock.
 */
export class SimClock {
  private readonly startedAtMs: number;

  constructor(
    readonly speed: number,
    private readonly wallNow: () => number = Date.now,
  ) {
    if (!(speed > 0) || !Number.isFinite(speed))
      throw new RangeError('speed must be a positive number');
    this.startedAtMs = wallNow();
  }

  /** Simulated seconds since the simulator started. */
  elapsedSeconds(): number {
    return ((this.wallNow() - this.startedAtMs) * this.speed) / 1000;
  }

  /** Wall-clock milliseconds that `simSeconds` of simulated time take. */
  realMs(simSeconds: number): number {
    return (simSeconds * 1000) / this.speed;
  }

  /** Wall-clock time (ms since the epoch) at which simulated second `simSeconds` falls. */
  wallTimeAt(simSeconds: number): number {
    return this.startedAtMs + this.realMs(simSeconds);
  }

  /** Wait `simSeconds` of simulated time; rejects with the signal's reason when aborted. */
  sleep(simSeconds: number, signal?: AbortSignal): Promise<void> {
    return sleep(Math.max(0, this.realMs(simSeconds)), signal);
  }
}
