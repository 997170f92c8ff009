import type { SdkNode } from '../node';
import { initialStateEnum } from '../a/schedule';
import {
  quantumReservoirA,
  reservoirInputA,
  reservoirLayerA,
  setEncodingPrefix,
} from '../a/reservoir';
import type { Circuit } from '../../dialect/circuit-model';
import type { ParamTable } from '../../dialect/numbers';
import type { QuantumReservoir } from '../../dialect/reservoir';
import { compileScheduleA } from './evolution-a';
import { factoryA } from './factory-a';
import { buildCircuit, CompileProblem, parameterArgs } from './gate-factory';
import { initialStateNode } from './states';

/**
 * A `!QuantumReservoir` of the model as qilisdk 0.2.x's `QuantumReservoir` (main's form): its
 * one layer (the SDK repeats one `ReservoirLayer` per input) with the schedule it requires; the
 * parameters the inputs name become `ReservoirInput`s; the encodings are `Circuit(nqubits)`
 * over the layer's width, prefixed as `ReservoirLayer` prefixes them.
 */
export function compileReservoirA(r: QuantumReservoir, params: ParamTable): SdkNode {
  if (r.layers.length !== 1)
    throw new CompileProblem(
      `the reservoir has ${r.layers.length} layers; qilisdk 0.2.x's QuantumReservoir repeats one ReservoirLayer per input: write one layer`,
      r.ref,
    );
  const layer = r.layers[0]!;
  if (!layer.dynamics)
    throw new CompileProblem(
      "the layer has no evolution_dynamics, which qilisdk 0.2.x's ReservoirLayer requires (its width is the schedule's)",
      layer.ref,
    );
  if (layer.dynamics.maxQubit + 1 !== r.nqubits)
    throw new CompileProblem(
      `the evolution_dynamics acts on ${layer.dynamics.maxQubit + 1} qubits and the reservoir has ${r.nqubits}; qilisdk 0.2.x takes the reservoir's width from the schedule: make its Hamiltonians reach qubit ${r.nqubits - 1}`,
      layer.dynamics.ref,
    );
  const inputNames = new Set(r.inputs.flatMap((input) => [...input.keys()]));
  const base = factoryA();
  const factory = {
    ...base,
    parameter: (decl: Parameters<typeof base.parameter>[0]) =>
      inputNames.has(decl.name)
        ? reservoirInputA(decl.name, parameterArgs(decl).value)
        : base.parameter(decl),
  };
  const encoding = (c: Circuit | null, prefix: string) => {
    if (!c) return null;
    if (c.island)
      throw new CompileProblem("an encoding kept in the SDK's form cannot be re-prefixed", c.ref);
    if (c.measurements?.length)
      throw new CompileProblem(
        "an encoding circuit of qilisdk 0.2.x's ReservoirLayer cannot measure",
        c.ref,
      );
    const node = buildCircuit(factory, { ...c, nqubits: r.nqubits }, params);
    setEncodingPrefix(node, prefix);
    return node;
  };
  const initial =
    r.initial?.kind === 'named'
      ? initialStateEnum(r.initial.name)
      : initialStateNode('A', r.initial, r.nqubits);
  const layerNode = reservoirLayerA({
    inputEncoding: encoding(layer.encoding, 'input_encoding_'),
    evolutionDynamics: compileScheduleA(layer.dynamics),
    outputEncoding: encoding(layer.output, 'output_encoding_'),
    qubitsToReset: layer.reset.length > 0 ? layer.reset : null,
    nqubits: r.nqubits,
  });
  return quantumReservoirA(initial, layerNode, r.inputs);
}
