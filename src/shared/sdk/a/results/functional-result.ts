import type { SdkMap } from '../../node';
import { sdkFloat, sdkMap, sdkSeq, sdkStr } from '../../node';

/**
 * qilisdk 0.2.x `FunctionalResult(readout_results, intermediate_results)`
 * (`functionals/functional_result.py`): the final step's `!ReadoutCompositeResults` and one per
 * stored intermediate step. `executionTime` is what `Backend.execute` sets afterwards through
 * `Result.execution_time` (main: `_execution_time`, wall-clock seconds); null leaves it unset,
 * as a result not made by `execute` (and every 0.2.1 result) is.
 */
export function functionalResult(
  readoutResults: SdkMap,
  intermediateResults: readonly SdkMap[] = [],
  executionTime: number | null = null,
): SdkMap {
  const node = sdkMap(
    [
      ['_readout_results', readoutResults],
      ['_intermediate_results', sdkSeq([...intermediateResults])],
    ],
    '!FunctionalResult',
  );
  if (executionTime !== null)
    node.entries.push([sdkStr('_execution_time'), sdkFloat(executionTime)]);
  return node;
}
