/** A cost to minimise; async because one evaluation may run a long simulation that yields. */
export type Objective = (x: readonly number[]) => Promise<number>;

export interface TraceEntry {
  cost: number;
  parameters: number[];
}

export interface OptimizerRun {
  x: number[];
  cost: number;
  /** One entry per iteration: the best point known after it. */
  trace: TraceEntry[];
  evaluations: number;
  /** Why it stopped, for logs: "converged", "max_iterations", ... */
  stop: string;
}

export interface OptimizerOptions {
  maxIterations: number;
  /** Called after each iteration with its trace entry (progress reports). */
  onIteration?: (iteration: number, entry: TraceEntry) => void;
}

/** Keeps the best point seen, so every method can return its true best evaluation. */
export class BestTracker {
  x: number[] = [];
  cost = Infinity;
  evaluations = 0;

  constructor(private readonly objective: Objective) {}

  async eval(x: readonly number[]): Promise<number> {
    const f = await this.objective(x);
    this.evaluations++;
    if (!Number.isFinite(f))
      throw new Error(`the cost is not a finite number (${f}) at [${x.join(', ')}]`);
    if (f < this.cost) {
      this.cost = f;
      this.x = [...x];
    }
    return f;
  }

  entry(): TraceEntry {
    return { cost: this.cost, parameters: [...this.x] };
  }
}
