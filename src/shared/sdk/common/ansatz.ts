import type { SdkMap } from '../node';
import { sdkInt, sdkStr } from '../node';
import { intTuple, pyTuple, pyType } from '../python/values';
import type { HardwareEfficientAnsatz } from '../../dialect/circuit-model';
import { connectivityEdges } from '../../dialect/hardware-efficient';

/**
 * The attributes `HardwareEfficientAnsatz.__init__` sets after the Circuit's (the same in 0.1.6
 * and 0.2.x): `_layers`, `_connectivity` (the edges as a tuple of tuples), `_structure`, and the
 * gate classes by name. Its gates come from `hardwareEfficientGates`, added one by one.
 */
export function setAnsatzAttributes(
  node: SdkMap,
  spec: HardwareEfficientAnsatz,
  nqubits: number,
): void {
  const set = (key: string, value: Parameters<typeof node.entries.push>[0][1]) =>
    node.entries.push([sdkStr(key), value]);
  set('_layers', sdkInt(spec.layers));
  set(
    '_connectivity',
    pyTuple(connectivityEdges(spec.connectivity, nqubits).map((e) => intTuple(e))),
  );
  set('_structure', sdkStr(spec.structure));
  set('_one_qubit_gate', pyType(`qilisdk.digital.gates.${spec.oneQubitGate}`));
  set('_two_qubit_gate', pyType(`qilisdk.digital.gates.${spec.twoQubitGate}`));
}
