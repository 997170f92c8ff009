import type { EngineProgress } from './types';

/** How often long synchronous work yields so aborts and progress can get through. */
const YIELD_EVERY_MS = 25;
/** How often progress is reported at most (the UI polls; more would be noise). */
const REPORT_EVERY_MS = 100;

interface Shared {
  onProgress?: (p: EngineProgress) => void;
  signal?: AbortSignal;
  lastYield: number;
  lastReport: number;
}

export function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  const err = new Error('the job was aborted');
  err.name = 'AbortError';
  return err;
}

/**
 * The compute loop's link to the outside: progress, cancellation, and yielding to the event
 * loop. Nested work (an evolution inside an optimiser iteration) gets a scoped view that maps
 * its fraction into the parent's range and may stay silent so only the outer loop talks.
 */
export class Work {
  private constructor(
    private readonly shared: Shared,
    private readonly from: number,
    private readonly to: number,
    private readonly silent: boolean,
  ) {}

  static root(onProgress?: (p: EngineProgress) => void, signal?: AbortSignal): Work {
    return new Work({ onProgress, signal, lastYield: now(), lastReport: 0 }, 0, 1, false);
  }

  scoped(from: number, to: number, silent = false): Work {
    const span = this.to - this.from;
    return new Work(
      this.shared,
      this.from + span * from,
      this.from + span * to,
      this.silent || silent,
    );
  }

  throwIfAborted(): void {
    if (this.shared.signal?.aborted) throw abortError(this.shared.signal);
  }

  /** Report now (milestones: start, end, each optimiser iteration). */
  report(fraction: number, message: string): void {
    if (this.silent || !this.shared.onProgress) return;
    this.shared.lastReport = now();
    this.shared.onProgress({ fraction: this.map(fraction), message });
  }

  /**
   * Call often from inner loops. Returns undefined (nothing to await) unless it is time to
   * yield, so hot loops can skip the cost of an await: `const p = work.tick(...); if (p) await p;`.
   */
  tick(fraction: number, message: () => string): Promise<void> | undefined {
    const t = now();
    if (t - this.shared.lastYield < YIELD_EVERY_MS) return undefined;
    if (!this.silent && this.shared.onProgress && t - this.shared.lastReport >= REPORT_EVERY_MS) {
      this.report(fraction, message());
    }
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.shared.lastYield = now();
      this.throwIfAborted();
    });
  }

  private map(fraction: number): number {
    const f = Math.min(1, Math.max(0, fraction));
    return this.from + (this.to - this.from) * f;
  }
}

function now(): number {
  return performance.now();
}
