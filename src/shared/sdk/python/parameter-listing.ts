import type { SdkMap, SdkNode } from '../node';
import { sdkStr } from '../node';

/**
 * A circuit's `_parameters` dict as `Circuit.add` fills it, label by label: a label listed
 * again keeps its first place with the later parameter, as a dict does. Indexed, so a circuit
 * of thousands of angles is listed in linear time.
 */
export class ParameterListing {
  private readonly at = new Map<string, number>();

  constructor(private readonly dict: SdkMap) {}

  /** How many labels are listed (the SDK's count in `RX(0)_theta_<count>`). */
  get length(): number {
    return this.at.size;
  }

  list(label: string, node: SdkNode): void {
    const entries = this.dict.entries;
    const at = this.at.get(label);
    if (at !== undefined) entries[at] = [entries[at]![0], node];
    else {
      this.at.set(label, entries.length);
      entries.push([sdkStr(label), node]);
    }
  }
}
