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
import { prepareDensity, prepareState } from '../physics/prepare';
import type { ReadableState } from './readable-state';
import type { StateVector } from '../physics/state-vector';
import type { RunContext } from './run-context';
import type { Work } from '../work';
import { quoted } from '../../../shared/text/quote';

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
  const state = await prepareEvolution(
    f,
    values,
    ctx,
    work,
    onGrid
      ? (index, t, s) => {
          if (s.kind === 'pure') onGrid(index, t, s.sv);
        }
      : undefined,
  );
  if (state.kind === 'pure') return state.sv;
  const pure = state.dm.toPure();
  if (!pure)
    throw new SimulationError(
      `initial_state at ${f.ref.path}: a mixed state has no state vector`,
      'This result needs a pure state; start from a ket, or read expectation values.',
    );
  return pure;
}

/**
 * Run a schedule from its initial state: a state vector, or a density matrix when the initial
 * state is one (i·dρ/dt = [H, ρ]). `onGrid` sees the state at each time of the schedule's grid.
 */
export async function prepareEvolution(
  f: EvolutionFunctional,
  values: ParamValues,
  ctx: RunContext,
  work: Work,
  onGrid?: (index: number, t: number, state: ReadableState) => void,
): Promise<ReadableState> {
  requireHermitian(f);
  const mixed = f.initial?.kind === 'density';
  const state: ReadableState = mixed
    ? { kind: 'mixed', dm: prepareDensity(f.initial, f.nqubits) }
    : { kind: 'pure', sv: prepareState(f.initial, f.nqubits) };
  const vec = state.kind === 'pure' ? state.sv : state.dm;
  try {
    await evolve(
      vec.re,
      vec.im,
      f.schedule,
      values,
      {
        densityQubits: state.kind === 'mixed' ? f.nqubits : null,
        maxSteps: ctx.limits.maxIntegratorSteps,
        onGrid: onGrid ? (index, t) => onGrid(index, t, state) : undefined,
      },
      work,
    );
  } catch (err) {
    if (err instanceof StepLimitError) throw stepLimit(ctx, f.schedule.ref.path);
    throw err;
  }
  checkNorm(state.kind === 'pure' ? state.sv.norm2() : state.dm.trace(), f.schedule.ref.path);
  return state;
}

/**
 * A schedule's Hamiltonians must be Hermitian for the evolution to be physical: a term with a
 * complex coefficient (the SDK serializes one; its cases call that serialization coverage only)
 * is refused with where it is, not integrated into a state that is no longer normalised.
 */
function requireHermitian(f: EvolutionFunctional): void {
  for (const term of f.schedule.terms) {
    const bad = term.hamiltonian.terms.find((t) => (t.imag ?? 0) !== 0);
    if (bad)
      throw new SimulationError(
        `!Schedule at ${f.schedule.ref.path}: hamiltonian ${quoted(term.label)} is not Hermitian: its term ${bad.factors || 'I'} has the complex coefficient (${bad.coefficient.kind === 'const' ? bad.coefficient.value : bad.coefficient.name}${(bad.imag ?? 0) < 0 ? '-' : '+'}${Math.abs(bad.imag ?? 0)}j)`,
        'A Hamiltonian that is not Hermitian does not evolve a state unitarily, so the simulator does not run it. Give its terms real coefficients.',
      );
  }
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
