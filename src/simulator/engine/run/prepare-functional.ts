import type {
  DigitalFunctional,
  EvolutionFunctional,
  SamplingFunctional,
} from '../../../shared/dialect/functionals';
import type { ParamValues } from '../../../shared/dialect/numbers';
import { simulateCircuit, toStateVector } from '../circuits/simulate';
import type { SparseState } from '../circuits/sparse-state';
import { StepLimitError } from '../physics/taylor';
import { evolve } from '../physics/evolution';
import { prepareState } from '../physics/prepare';
import type { StateVector } from '../physics/state-vector';
import type { RunContext } from './run-context';
import type { Work } from './work';

/** Deviation of ‖ψ‖² from 1 beyond which an evolution is reported as failed, not returned. */
const NORM_DRIFT_LIMIT = 1e-6;

export class SimulationError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'SimulationError';
  }
}

/**
 * A circuit from |0…0⟩: sparse when few amplitudes are non-zero at the end (sampling reads it
 * so, without ever allocating 2^n amplitudes), else dense.
 */
export function prepareCircuitState(
  f: SamplingFunctional | DigitalFunctional,
  values: ParamValues,
  work: Work,
): Promise<SparseState | StateVector> {
  return simulateCircuit(f.circuit, values, work);
}

/**
 * Run a circuit or a schedule to its final pure state. `onGrid` sees the state at each time of
 * a schedule's grid (for recorded expectation values).
 */
export async function prepareFinalState(
  f: SamplingFunctional | DigitalFunctional | EvolutionFunctional,
  values: ParamValues,
  ctx: RunContext,
  work: Work,
  onGrid?: (index: number, t: number, state: StateVector) => void,
): Promise<StateVector> {
  if (f.kind === 'sampling' || f.kind === 'digital') {
    return toStateVector(await prepareCircuitState(f, values, work));
  }
  const sv = prepareState(f.initial, f.nqubits);
  try {
    await evolve(
      sv.re,
      sv.im,
      f.schedule,
      values,
      {
        densityQubits: null,
        maxSteps: ctx.limits.maxIntegratorSteps,
        onGrid: onGrid ? (index, t) => onGrid(index, t, sv) : undefined,
      },
      work,
    );
  } catch (err) {
    if (err instanceof StepLimitError) throw stepLimit(ctx, f.schedule.ref.path);
    throw err;
  }
  checkNorm(sv.norm2(), f.schedule.ref.path);
  return sv;
}

export function stepLimit(ctx: RunContext, path: string): SimulationError {
  return new SimulationError(
    `!Schedule at ${path}: the integrator needed more than maxIntegratorSteps = ${ctx.limits.maxIntegratorSteps} steps`,
    'The Hamiltonian is large compared with 1/T (fast dynamics over a long time). Shorten T, scale the coefficients, or raise maxIntegratorSteps in the simulator settings.',
  );
}

/** The integrator conserves the norm to ~1e-13 per step; a larger drift means it failed. */
function checkNorm(norm2: number, path: string): void {
  const drift = Math.abs(norm2 - 1);
  if (!(drift <= NORM_DRIFT_LIMIT)) {
    throw new SimulationError(
      `!Schedule at ${path}: the evolution lost accuracy (norm drift ${drift.toExponential(2)})`,
      `The integrator keeps ‖ψ‖² = 1 to about 1e-12; a drift of ${drift} means rounding errors took over. Check the coefficients for huge values.`,
    );
  }
}
