import type { SdkMap, SdkNode } from '../node';
import { sdkInt } from '../node';
import { PyObject } from '../python/values';

/** qilisdk 0.1.x `Sampling(circuit, nshots=1000)`: public `circuit`, `nshots`. */
export function samplingB(circuit: SdkNode, nshots: number): SdkMap {
  return new PyObject('!Sampling').set('circuit', circuit).set('nshots', sdkInt(nshots)).node;
}
