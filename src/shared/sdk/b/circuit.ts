import type { SdkMap, SdkSeq } from '../node';
import { sdkParameterLabel } from '../../dialect/circuit-parameters';
import { sdkInt } from '../node';
import { floatNdarray, PyObject, pyDict, pyList } from '../python/values';
import type { GateB } from './gates';
import { ParameterListing } from '../python/parameter-listing';

/**
 * A qilisdk 0.1.x `Circuit` (or a subclass: the ansatz passes its own tag): `__init__` sets
 * `_nqubits`, `_gates`, `_init_state` (`np.zeros(nqubits)`), `_parameters`; `add` appends a gate
 * and lists its parameters under the circuit's labels.
 */
export class CircuitB {
  readonly object: PyObject;
  private readonly gates: SdkSeq = pyList([]);
  private readonly parameters: SdkMap = pyDict();
  private readonly listing = new ParameterListing(this.parameters);
  /** The circuit's parameters by label, in `_parameters`' order. */

  constructor(
    readonly nqubits: number,
    tag = '!Circuit',
  ) {
    this.object = new PyObject(tag)
      .set('_nqubits', sdkInt(nqubits))
      .set('_gates', this.gates)
      .set('_init_state', floatNdarray(new Array<number>(nqubits).fill(0)))
      .set('_parameters', this.parameters);
  }

  get node(): SdkMap {
    return this.object.node;
  }

  /**
   * `Circuit.add(gate)`: a parameter whose label is its key in the gate (a plain-number angle,
   * or a Parameter the user named `theta` on a `theta`) is listed as `RX(0)_theta_<count>`, the
   * count being how many the circuit lists already; any other under its own label (a later one
   * of the same label replaces the earlier in the dict).
   */
  add(gate: GateB): void {
    const qubits = [...gate.controlQubits, ...gate.targetQubits];
    if (qubits.some((q) => q >= this.nqubits))
      throw new RangeError(`${gate.name} acts on a qubit outside the circuit's ${this.nqubits}`);
    const shape = { name: gate.name, qubits, parameterNames: [] };
    for (const [key, parameter] of gate.parameters) {
      const label = sdkParameterLabel('B', shape, key, parameter.label, this.listing.length);
      this.listing.list(label, parameter.node);
    }
    this.gates.items.push(gate.node);
  }
}
