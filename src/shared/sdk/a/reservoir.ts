import type { SdkMap, SdkNode } from '../node';
import { sdkInt, sdkNull, sdkStr } from '../node';
import type { PyNumber } from '../python/values';
import { dictSet, pyDict, pyList, pyNumber } from '../python/values';
import type { ParameterA } from './parameter';
import { parameterA } from './parameter';
import { ParameterizableA } from './parameterizable';

/*
 * qilisdk 0.2.x's reservoir classes (`functionals/quantum_reservoirs.py`), which the SDK does not
 * register as tags: its YAML writes them as `!!python/object:` with their attributes.
 */

const PYTHON_OBJECT = 'tag:yaml.org,2002:python/object:qilisdk.functionals.quantum_reservoirs.';
export const RESERVOIR_INPUT_TAG = '!ReservoirInput';

/** `ReservoirInput(label, value)`: a Parameter of the real domain, unbounded, never trainable. */
export function reservoirInputA(label: string, value: PyNumber): ParameterA {
  return parameterA(label, value, { trainable: false, tag: RESERVOIR_INPUT_TAG });
}

/**
 * `circuit.set_prefix(prefix, where=lambda p: not isinstance(p, ReservoirInput))`, as
 * `ReservoirLayer` does to its encodings: every other parameter's name in `_parameters` and
 * `_parameters_link` gets the prefix (popped and set again: it moves to the end of the dict);
 * the Parameter objects keep their labels.
 */
export function setEncodingPrefix(circuit: SdkMap, prefix: string): void {
  const field = (key: string) => circuit.entries.find(([k]) => k.kind === 'str' && k.value === key);
  const parameters = field('_parameters')![1] as SdkMap;
  const links = field('_parameters_link')![1] as SdkMap;
  const renamed = parameters.entries.filter(
    ([k, p]) => k.kind === 'str' && p.tag !== RESERVOIR_INPUT_TAG && !k.value.startsWith(prefix),
  );
  for (const [key] of renamed) {
    const name = (key as { value: string }).value;
    for (const dict of [links, parameters]) {
      const at = dict.entries.findIndex(([k]) => k.kind === 'str' && k.value === name);
      if (at < 0) continue;
      const [[, value]] = dict.entries.splice(at, 1) as [readonly [SdkNode, SdkNode]];
      dictSet(dict, prefix + name, value);
    }
  }
  dictSet(circuit, '_prefix', sdkStr(prefix));
}

export interface ReservoirLayerArgs {
  evolutionDynamics: SdkNode;
  /** The layer's own circuits (`Circuit(nqubits)` with the given gates), prefixed already. */
  inputEncoding: SdkNode | null;
  outputEncoding: SdkNode | null;
  qubitsToReset: readonly number[] | null;
  nqubits: number;
}

/**
 * `ReservoirLayer(evolution_dynamics, input_encoding, output_encoding, qubits_to_reset)`:
 * Parameterizable's three, `_input_encoding`, `_evolution_dynamics`, `_output_encoding`,
 * `_qubits_to_reset`, `_nqubits` (the schedule's), then `_qtensor_observables = []`.
 */
export function reservoirLayerA(a: ReservoirLayerArgs): SdkMap {
  const p = new ParameterizableA(`${PYTHON_OBJECT}ReservoirLayer`);
  p.object
    .set('_input_encoding', a.inputEncoding ?? sdkNull())
    .set('_evolution_dynamics', a.evolutionDynamics)
    .set('_output_encoding', a.outputEncoding ?? sdkNull())
    .set(
      '_qubits_to_reset',
      a.qubitsToReset ? pyList(a.qubitsToReset.map((q) => sdkInt(q))) : sdkNull(),
    )
    .set('_nqubits', sdkInt(a.nqubits))
    .set('_qtensor_observables', pyList([]));
  return p.node;
}

/**
 * `QuantumReservoir(initial_state, reservoir_layer, input_per_layer)`: Parameterizable's
 * three, `_initial_state`, `_reservoir_layer`, `_input_per_layer` (one `{name: value}` dict
 * per input, as given).
 */
export function quantumReservoirA(
  initialState: SdkNode,
  layer: SdkNode,
  inputs: ReadonlyArray<ReadonlyMap<string, PyNumber>>,
): SdkMap {
  const p = new ParameterizableA(`${PYTHON_OBJECT}QuantumReservoir`);
  const perLayer = inputs.map((input) => {
    const dict = pyDict();
    for (const [name, value] of input) dictSet(dict, name, pyNumber(value));
    return dict;
  });
  p.object
    .set('_initial_state', initialState)
    .set('_reservoir_layer', layer)
    .set('_input_per_layer', pyList(perLayer));
  return p.node;
}
