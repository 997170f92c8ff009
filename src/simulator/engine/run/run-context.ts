import type { ParsedJob } from '../../../shared/dialect/job-model';
import { Rng } from '../physics/random';
import { marginal, sampleCounts } from '../physics/sampling';
import type { SparseDistribution } from '../physics/sampling';
import { toBitstring } from '../physics/state-vector';
import type { EngineJob, PhysicalDevice } from '../types';
import type { Work } from '../work';

/** What every runner needs: the parsed job, the device's noise, one seeded Rng, progress. */
export class RunContext {
  readonly rng: Rng;

  constructor(
    readonly job: EngineJob,
    readonly parsed: ParsedJob,
    readonly work: Work,
  ) {
    this.rng = new Rng(job.seed);
  }

  get device(): PhysicalDevice {
    return this.job.device;
  }

  get limits(): ParsedJob['ctx']['limits'] {
    return this.parsed.ctx.limits;
  }

  /**
   * Readout error per listed qubit (payload qubit q is device qubit q), or null on an exact
   * device, where nothing is flipped and no noise is drawn.
   */
  readoutErrors(qubits: readonly number[]): number[] | null {
    if (this.device.exact) return null;
    const errors = qubits.map((q) => this.device.qubits[q]?.readoutError ?? 0);
    return errors.some((e) => e > 0) ? errors : null;
  }

  /** Readout error indexed by qubit over the first n qubits (for per-term estimates). */
  readoutErrorsByQubit(n: number): number[] | null {
    return this.readoutErrors(Array.from({ length: n }, (_, q) => q));
  }
}

export interface SampleSet {
  /** Outcome index (bit k = measured[k]) → count. */
  counts: Map<number, number>;
  /** Bitstring (measured qubits in ascending order, leftmost first) → count, sorted by bitstring. */
  samples: Map<string, number>;
}

/**
 * Sample the measured qubits of a state's probability distribution (all 2^n probabilities, or
 * the marginal of a sparse state), with readout errors.
 */
export function sampleMeasured(
  ctx: RunContext,
  probabilities: Float64Array | SparseDistribution,
  measured: readonly number[],
  nshots: number,
): SampleSet {
  const errors = ctx.readoutErrors(measured);
  const counts =
    probabilities instanceof Float64Array
      ? sampleCounts(marginal(probabilities, measured), nshots, ctx.rng, errors)
      : sampleCounts(probabilities.probabilities, nshots, ctx.rng, errors, probabilities.outcomes);
  const positions = measured.map((_, k) => k);
  const keys = [...counts].map(([m, n]) => [toBitstring(m, positions), n] as const);
  keys.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { counts, samples: new Map(keys) };
}
