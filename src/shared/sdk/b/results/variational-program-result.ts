import type { SdkMap } from '../../node';
import { sdkMap } from '../../node';

/**
 * qilisdk 0.1.6 `VariationalProgramResult(optimizer_result, result)`
 * (`functionals/variational_program_result.py`): the optimiser's `!OptimizerResult` and the
 * inner functional's result at the optimum (`!SamplingResult` or `!TimeEvolutionResult`).
 */
export function variationalProgramResult(optimizerResult: SdkMap, result: SdkMap): SdkMap {
  return sdkMap(
    [
      ['_optimizer_result', optimizerResult],
      ['_result', result],
    ],
    '!VariationalProgramResult',
  );
}
