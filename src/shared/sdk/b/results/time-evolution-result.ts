import type { SdkMap } from '../../node';
import { sdkMap, sdkNull, sdkSeq } from '../../node';
import type { DenseState } from '../../results/data';
import { emptyNdarray, float64Ndarray } from '../../results/data';
import { qtensor } from './qtensor';

/** What a 0.1.6 backend hands `TimeEvolutionResult`; each field may be left out. */
export interface TimeEvolutionValues {
  /** One value per observable at the end of the evolution. */
  readonly finalExpectedValues?: readonly number[];
  /** Row-major (time steps × observables), as the backends' `expected_values`. */
  readonly expectedValues?: { readonly rows: number; readonly values: ArrayLike<number> };
  readonly finalState?: DenseState;
  readonly intermediateStates?: readonly DenseState[];
}

/**
 * qilisdk 0.1.6 `TimeEvolutionResult(final_expected_values, expected_values, final_state,
 * intermediate_states)` (`functionals/time_evolution_result.py`): a missing array is
 * `np.array([])`, a missing state None, missing intermediate states an empty list.
 */
export function timeEvolutionResult(v: TimeEvolutionValues): SdkMap {
  const finals = v.finalExpectedValues;
  const rows = v.expectedValues;
  const width = rows && rows.rows > 0 ? rows.values.length / rows.rows : 0;
  return sdkMap(
    [
      ['_final_expected_values', finals ? float64Ndarray(finals, [finals.length]) : emptyNdarray()],
      ['_expected_values', rows ? float64Ndarray(rows.values, [rows.rows, width]) : emptyNdarray()],
      ['_final_state', v.finalState ? qtensor(v.finalState) : sdkNull()],
      ['_intermediate_states', sdkSeq((v.intermediateStates ?? []).map(qtensor))],
    ],
    '!TimeEvolutionResult',
  );
}
