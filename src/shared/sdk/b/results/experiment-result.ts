import type { SdkMap } from '../../node';
import { sdkInt, sdkMap, sdkSeq } from '../../node';
import type { ComplexValue } from '../../results/data';
import type { SweepAxis } from '../../results/dimension';
import { dimension } from '../../results/dimension';
import { iqData } from '../../results/experiment-data';

export type ExperimentResultTag = '!RabiExperimentResult' | '!T1ExperimentResult';

/**
 * qilisdk 0.1.6 `RabiExperimentResult` / `T1ExperimentResult(qubit, data, dims)`
 * (`speqtrum/experiments/experiment_result.py`): public attributes `qubit`, `data` (I/Q per
 * sweep point, an (N, 2) `!ndarray`) and `dims` (one `!Dimension` per sweep axis).
 */
export function experimentResult(
  tag: ExperimentResultTag,
  qubit: number,
  points: readonly ComplexValue[],
  dims: ReadonlyArray<readonly SweepAxis[]>,
): SdkMap {
  return sdkMap(
    [
      ['qubit', sdkInt(qubit)],
      ['data', iqData(points)],
      ['dims', sdkSeq(dims.map(dimension))],
    ],
    tag,
  );
}
