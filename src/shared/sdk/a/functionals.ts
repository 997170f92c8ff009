import type { SdkMap, SdkNode } from '../node';
import { ParameterizableA } from './parameterizable';

/** qilisdk 0.2.x `DigitalPropagation(circuit)`: Parameterizable's three, then public `circuit`. */
export function digitalPropagationA(circuit: SdkNode): SdkMap {
  const p = new ParameterizableA('!DigitalPropagation');
  p.object.set('circuit', circuit);
  return p.node;
}
