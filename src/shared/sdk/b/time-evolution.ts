import type { SdkMap, SdkNode } from '../node';
import { sdkBool, sdkInt } from '../node';
import { PyObject, pyList } from '../python/values';

/**
 * qilisdk 0.1.x `TimeEvolution(schedule, observables, initial_state, nshots=1000,
 * store_intermediate_results=False)`: public attributes, set in that order.
 */
export function timeEvolutionB(
  schedule: SdkNode,
  observables: SdkNode[],
  initialState: SdkNode,
  nshots: number,
  storeIntermediate: boolean,
): SdkMap {
  return new PyObject('!TimeEvolution')
    .set('initial_state', initialState)
    .set('schedule', schedule)
    .set('observables', pyList(observables))
    .set('nshots', sdkInt(nshots))
    .set('store_intermediate_results', sdkBool(storeIntermediate)).node;
}
