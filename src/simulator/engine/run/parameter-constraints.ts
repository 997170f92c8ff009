import type { ModelComparison, TermVariable } from '../../../shared/dialect/sdk-form/model-terms';
import type { Objective } from '../optim/optimizer-types';
import { evaluateComparison } from './model-terms';
import { SimulationError } from './prepare-functional';

/*
 * How qilisdk 0.2.x's backends apply a VariationalProgram's parameter constraints
 * (`Backend._execute_variational_program`, `VariationalProgram.check_parameter_constraints`):
 * at each point the optimiser asks for, every constraint is evaluated with the point's values
 * (a Parameter the optimiser does not move keeps its own value); when any is broken the point's
 * cost is 100 per broken constraint and the functional is not run. An optimum that breaks one
 * fails the job, with the SDK's message.
 */

/** What the SDK returns for each broken constraint. */
export const BROKEN_CONSTRAINT_COST = 100;

/** The SDK's tolerance on imaginary parts (0.2.x `get_settings().atol`). */
const ATOL = 1e-10;

/** 100 × the number of constraints broken at these values (SDK labels → values). */
export function constraintPenalty(
  constraints: readonly ModelComparison[],
  values: ReadonlyMap<string, number>,
): number {
  const valueOf = (v: TermVariable): number =>
    values.get(v.label) ?? (v.kind === 'parameter' ? v.value : NaN);
  let penalty = 0;
  for (const c of constraints)
    if (!evaluateComparison(c, { valueOf, atol: ATOL })) penalty += BROKEN_CONSTRAINT_COST;
  return penalty;
}

/**
 * The objective the optimiser sees: the penalty where a constraint is broken, the functional's
 * cost elsewhere. `valuesAt` names a point's values by SDK label (the moved parameters only).
 */
export function constrainedObjective(
  constraints: readonly ModelComparison[],
  valuesAt: (x: readonly number[]) => ReadonlyMap<string, number>,
  cost: Objective,
): Objective {
  if (constraints.length === 0) return cost;
  return async (x) => {
    const penalty = constraintPenalty(constraints, valuesAt(x));
    return penalty > 0 ? penalty : cost(x);
  };
}

/** The SDK's check of the optimum: a broken constraint there fails the job. */
export function checkOptimum(
  constraints: readonly ModelComparison[],
  values: ReadonlyMap<string, number>,
): void {
  if (constraints.length === 0 || constraintPenalty(constraints, values) === 0) return;
  throw new SimulationError(
    'Optimizer Failed at finding an optimal solution. Check the parameter constraints or try with a different optimization method.',
    'The SDK fails the job the same way when the optimum breaks a parameter constraint: start from parameters that satisfy every constraint, or change the method.',
  );
}
