import type { SdkMap } from '../node';
import { sdkMap, sdkSeq } from '../node';
import type { PyFloat } from './data';
import { floatListNode, pyFloatNode } from './data';

/*
 * qilisdk's `optimizers/optimizer_result.py`, the same in 0.1.6 and 0.2.x: what an optimiser
 * reports. A cost is a Python float or a NumPy scalar, as the cost function returned it (the
 * SDK keeps whichever it got: `!np_scalar` for a mean over samples, a float for an exact value).
 */

/** One evaluation: `OptimizerIntermediateResult(cost, parameters)`. */
export interface OptimizerStep {
  readonly cost: PyFloat;
  readonly parameters: readonly number[];
}

/** `!OptimizerIntermediateResult {_cost, _parameters}`. */
export function optimizerIntermediateResult(step: OptimizerStep): SdkMap {
  return sdkMap(
    [
      ['_cost', pyFloatNode(step.cost)],
      ['_parameters', floatListNode(step.parameters)],
    ],
    '!OptimizerIntermediateResult',
  );
}

/** `!OptimizerResult {_optimal_cost, _optimal_parameters, _intermediate_results}`. */
export function optimizerResult(
  optimalCost: PyFloat,
  optimalParameters: readonly number[],
  intermediateResults: readonly OptimizerStep[] = [],
): SdkMap {
  return sdkMap(
    [
      ['_optimal_cost', pyFloatNode(optimalCost)],
      ['_optimal_parameters', floatListNode(optimalParameters)],
      ['_intermediate_results', sdkSeq(intermediateResults.map(optimizerIntermediateResult))],
    ],
    '!OptimizerResult',
  );
}
