import type { SdkMap } from '../node';
import { pyDict } from '../python/values';

/**
 * State that one Python process shares between the objects of one YAML string. In qilisdk
 * 0.1.x every gate built without parameters keeps the very same empty dict as `_parameters`
 * (`BasicGate.__init__`'s mutable default argument `parameters={}`), so it is one node: the
 * writer anchors it (`_parameters: &id001 {}`) and aliases it in every other such gate.
 */
export class BuildSessionB {
  readonly sharedEmptyParameters: SdkMap = pyDict();
}
