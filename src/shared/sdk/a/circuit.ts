import type { SdkMap, SdkSeq } from '../node';
import { sdkInt, sdkStr } from '../node';
import { sdkParameterLabel } from '../../dialect/circuit-parameters';
import { floatNdarray, pyDict, pyList, pyTuple } from '../python/values';
import type { GateA } from './gates';
import { ParameterizableA } from './parameterizable';
import { ParameterListing } from '../python/parameter-listing';

/**
 * A qilisdk 0.2.x `Circuit` (or a subclass: an ansatz passes its tag): `Parameterizable`'s
 * three, then `_nqubits`, `_gates`, `_init_state` (`np.zeros(nqubits)`), `_parameters_link`.
 * `add` lists each parameter under the circuit's label and links the label to the very gate
 * node, `(key, gate)` as a `!tuple`.
 */
export class CircuitA {
  private readonly p: ParameterizableA;
  private readonly gates: SdkSeq = pyList([]);
  private readonly links: SdkMap = pyDict();
  /** Each label's links, found without a scan. */
  private readonly linksOf = new Map<string, SdkSeq>();
  private readonly listing: ParameterListing;

  constructor(
    readonly nqubits: number,
    tag = '!Circuit',
  ) {
    this.p = new ParameterizableA(tag);
    this.listing = new ParameterListing(this.p.parameters);
    this.p.object
      .set('_nqubits', sdkInt(nqubits))
      .set('_gates', this.gates)
      .set('_init_state', floatNdarray(new Array<number>(nqubits).fill(0)))
      .set('_parameters_link', this.links);
  }

  get node(): SdkMap {
    return this.p.node;
  }

  /** `Circuit.add(gate)` (`_parse_params`, then the append). */
  add(gate: GateA): void {
    const qubits = [...gate.controlQubits, ...gate.targetQubits];
    if (qubits.some((q) => q < 0 || q >= this.nqubits))
      throw new RangeError(`${gate.name} acts on a qubit outside the circuit's ${this.nqubits}`);
    const shape = { name: gate.name, qubits, parameterNames: gate.parameterNames };
    for (const [key, parameter] of gate.parameters) {
      const renamed = sdkParameterLabel('A', shape, key, parameter.label, this.listing.length);
      this.listing.list(renamed, parameter.node);
      const link = pyTuple([sdkStr(key), gate.node]);
      const existing = this.linksOf.get(renamed);
      if (existing) existing.items.push(link);
      else {
        const links = pyList([link]);
        this.linksOf.set(renamed, links);
        this.links.entries.push([sdkStr(renamed), links]);
      }
    }
    this.gates.items.push(gate.node);
  }
}
