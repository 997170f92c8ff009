import type { SdkMap } from '../../node';
import { sdkInt, sdkMap, sdkSeq } from '../../node';
import type { ComplexValue } from '../../results/data';
import type { SweepAxis } from '../../results/dimension';
import { dimension } from '../../results/dimension';
import { iqData } from '../../results/experiment-data';

export type ExperimentResultTag = '!RabiExperimentResult' | '!T1ExperimentResult';

/**
 * Variant A's experiment results (qilisdk main `experiments/experiment_result.py`
 * `ExperimentResult(qubit, averages, data, dims)`; the concrete Rabi and T1 classes come from a
 * private plugin, mirrored by the corpus's shim): public `qubit`, `averages`, `data` (an (N, 2)
 * float64 `!ndarray` of I and Q) and `dims` (`!Dimension`s).
 */
export function experimentResult(
  tag: ExperimentResultTag,
  qubit: number,
  averages: number,
  points: readonly ComplexValue[],
  dims: ReadonlyArray<readonly SweepAxis[]>,
): SdkMap {
  return sdkMap(
    [
      ['qubit', sdkInt(qubit)],
      ['averages', sdkInt(averages)],
      ['data', iqData(points)],
      ['dims', sdkSeq(dims.map(dimension))],
    ],
    tag,
  );
}
