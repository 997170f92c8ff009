import type { SdkMap, SdkSeq } from '../node';
import { sdkInt, sdkStr } from '../node';
import { sdkParameterLabel } from '../../dialect/circuit-parameters';
import { floatNdarray, pyDict, pyList, pyTuple } from '../python/values';
import type { GateA } from './gates';
import type { ParameterA } from './parameter';
import { ParameterizableA } from './parameterizable';

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
  readonly parameterLabels: Array<readonly [string, ParameterA]> = [];
  /**
   * Where each label sits in `parameterLabels` and `_parameters` (listed together, in the same
   * order), and its links: a circuit of thousands of angles is listed in linear time.
   */
  private readonly labelAt = new Map<string, number>();
  private readonly linksOf = new Map<string, SdkSeq>();

  constructor(
    readonly nqubits: number,
    tag = '!Circuit',
  ) {
    this.p = new ParameterizableA(tag);
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
      const renamed = sdkParameterLabel(
        'A',
        shape,
        key,
        parameter.label,
        this.parameterLabels.length,
      );
      this.list(renamed, parameter);
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

  /** A label listed again keeps its first place with the later parameter, as a dict does. */
  private list(label: string, parameter: ParameterA): void {
    const entries = this.p.parameters.entries;
    const at = this.labelAt.get(label);
    if (at !== undefined) {
      this.parameterLabels[at] = [label, parameter];
      entries[at] = [entries[at]![0], parameter.node];
    } else {
      this.labelAt.set(label, this.parameterLabels.length);
      this.parameterLabels.push([label, parameter]);
      entries.push([sdkStr(label), parameter.node]);
    }
  }
}
