import { MAX_TIMER_MS } from '../../node-kit/timers/max-delay';
import type { DeviceRegistry } from '../devices/device-registry';

/**
 * One FIFO queue per device and at most one running job per device. A device that is not
 * online holds its queue; a timer wakes the queue when the device's schedule brings it back.
 */
export class Dispatcher {
  private readonly queues = new Map<string, number[]>();
  private readonly running = new Map<string, number>();
  private readonly wakeups = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly devices: DeviceRegistry,
    /** Runs a job to its end; the device is busy until the promise settles. */
    private readonly run: (jobId: number, deviceCode: string) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** How many jobs a job enqueued now would wait behind (the running one included). */
  ahead(deviceCode: string): number {
    return this.queueOf(deviceCode).length + (this.running.has(deviceCode) ? 1 : 0);
  }

  /** Put a job at the back of its device's queue; it may start before this returns. */
  enqueue(deviceCode: string, jobId: number): void {
    this.queueOf(deviceCode).push(jobId);
    this.pump(deviceCode);
  }

  /** Take a waiting job out of its queue (a cancel); false if it was not waiting. */
  remove(jobId: number): boolean {
    for (const queue of this.queues.values()) {
      const at = queue.indexOf(jobId);
      if (at >= 0) {
        queue.splice(at, 1);
        return true;
      }
    }
    return false;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.wakeups.values()) clearTimeout(timer);
    this.wakeups.clear();
  }

  private pump(deviceCode: string): void {
    if (this.stopped || this.running.has(deviceCode)) return;
    const queue = this.queueOf(deviceCode);
    if (queue.length === 0) return;
    if (this.devices.status(deviceCode) !== 'online') {
      this.wakeWhenStatusChanges(deviceCode);
      return;
    }
    const jobId = queue.shift() as number;
    this.running.set(deviceCode, jobId);
    this.run(jobId, deviceCode)
      .catch(this.onError)
      .finally(() => {
        this.running.delete(deviceCode);
        this.pump(deviceCode);
      });
  }

  private wakeWhenStatusChanges(deviceCode: string): void {
    if (this.wakeups.has(deviceCode)) return;
    const ms = this.devices.msUntilChange(deviceCode);
    if (ms === null) return;
    const timer = setTimeout(
      () => {
        this.wakeups.delete(deviceCode);
        this.pump(deviceCode);
      },
      // A hair past the boundary, so the status seen on waking is the new one.
      Math.min(MAX_TIMER_MS, Math.ceil(ms) + 5),
    );
    timer.unref();
    this.wakeups.set(deviceCode, timer);
  }

  private queueOf(deviceCode: string): number[] {
    let queue = this.queues.get(deviceCode);
    if (!queue) {
      queue = [];
      this.queues.set(deviceCode, queue);
    }
    return queue;
  }
}
