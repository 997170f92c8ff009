import type { SdkMap, SdkNode } from '../node';
import { sdkBool, sdkInt, sdkNull, sdkStr } from '../node';
import { PyObject, pyList } from '../python/values';

/** `SamplingReadout(nshots, expand_samples=True)`. */
export function samplingReadoutA(nshots: number, expandSamples = true): SdkMap {
  return new PyObject('!SamplingReadout')
    .set('_nshots', sdkInt(nshots))
    .set('_expand_samples', sdkBool(expandSamples)).node;
}

/** `ExpectationReadout(observables, nshots=0)`: its two caches fresh (None). */
export function expectationReadoutA(observables: SdkNode[], nshots: number): SdkMap {
  return new PyObject('!ExpectationReadout')
    .set('_nshots', sdkInt(nshots))
    .set('_observables', pyList(observables))
    .set('_scaled_nqubits', sdkNull())
    .set('_expanded_observables', sdkNull()).node;
}

/** `StateTomographyReadout(method="exact")`. */
export function stateTomographyReadoutA(method = 'exact'): SdkMap {
  return new PyObject('!StateTomographyReadout').set('_method', sdkStr(method)).node;
}

/** `Readout()` with its three slots (`with_sampling` … fill them). */
export function readoutA(slots: {
  sampling?: SdkMap;
  expectation?: SdkMap;
  stateTomography?: SdkMap;
}): SdkMap {
  return new PyObject('!Readout')
    .set('_sampling', slots.sampling ?? sdkNull())
    .set('_expectation', slots.expectation ?? sdkNull())
    .set('_state_tomography', slots.stateTomography ?? sdkNull()).node;
}
