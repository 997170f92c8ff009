import type { SdkMap } from '../../node';
import { sdkFloat, sdkMap, sdkStr } from '../../node';

/**
 * qilisdk 0.2.x `VariationalProgramResult(optimizer_result, result)`: the `!OptimizerResult`
 * and the `!FunctionalResult` at the optimum; `executionTime` as `Backend.execute` sets it on
 * the outer result (main's `_execution_time`), null to leave it unset.
 */
export function variationalProgramResult(
  optimizerResult: SdkMap,
  result: SdkMap,
  executionTime: number | null = null,
): SdkMap {
  const node = sdkMap(
    [
      ['_optimizer_result', optimizerResult],
      ['_result', result],
    ],
    '!VariationalProgramResult',
  );
  if (executionTime !== null)
    node.entries.push([sdkStr('_execution_time'), sdkFloat(executionTime)]);
  return node;
}
