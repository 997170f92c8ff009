import type { Circuit } from './circuit';
import { readCircuit } from './circuit';
import { readOptionalInitialState } from './functionals';
import type { InitialState } from './initial-state';
import { mappingSpec } from './mapping-spec';
import { readEach } from './node-reader';
import type { NodeRef } from './node-reader';
import type { ParseContext } from './parse-context';
import { need } from './read-session';
import { checkInputCount, readReservoirInput, reservoirWidth } from './reservoir-checks';
import type { Schedule } from './schedule';
import { readSchedule } from './schedule';
import { isSdkForm } from './sdk-form/dispatch';
import { readSdkReservoir } from './sdk-form/reservoir';

/**
 * One layer: its input encoding circuit (where the inputs go), its fixed dynamics, its output
 * encoding circuit, run in that order; then the listed qubits are reset. The SDK's
 * `ReservoirLayer` is the same three stages.
 */
export interface ReservoirLayer {
  encoding: Circuit | null;
  dynamics: Schedule | null;
  output: Circuit | null;
  reset: number[];
  ref: NodeRef;
}

/**
 * Per input: bind the inputs, run every layer, read out; the last layer's reset acts after the
 * readouts (as the SDK's reservoir loop does: it reads out, then resets for the next input).
 * The SDK's form has exactly one layer (`_reservoir_layer`), repeated per input.
 */
export interface QuantumReservoir {
  kind: 'reservoir';
  initial: InitialState | null;
  nqubits: number;
  layers: ReservoirLayer[];
  /** One binding of encoding parameters per input, in order. */
  inputs: Array<Map<string, number>>;
  ref: NodeRef;
}

export function readReservoir(ref: NodeRef, ctx: ParseContext): QuantumReservoir {
  if (isSdkForm(ref)) return readSdkReservoir(ref, ctx);
  const tag = '!QuantumReservoir';
  const f = ref.mapping(mappingSpec(ctx.variant, tag));
  ctx.requireCapability(ref, 'schedule', tag);
  const initialRef = f.get('initial_state');
  const initial = readOptionalInitialState(f, ref, ctx);
  const layers = ref.attempt(() => {
    const layerRefs = f.req('layers').items('layers');
    if (layerRefs.length === 0) f.req('layers').fail({ subject: tag, problem: 'no layers' });
    return readEach(layerRefs, (l) => readLayer(l, ctx));
  });

  const nqubits =
    layers && initial !== undefined
      ? ref.attempt(() => reservoirWidth(ref, initialRef, initial, layers, ctx, tag))
      : undefined;

  const inputs = ref.attempt(() => {
    const inputsRef = f.req('inputs');
    const inputRefs = inputsRef.items('inputs');
    checkInputCount(inputsRef, inputRefs.length, tag, ctx);
    // Input names are checked against the encodings' parameters only when every layer was read.
    return readEach(inputRefs, (input) =>
      readReservoirInput(input, ctx, tag, layers !== undefined),
    );
  });
  return {
    kind: 'reservoir',
    initial: need(initial),
    nqubits: need(nqubits),
    layers: need(layers),
    inputs: need(inputs),
    ref,
  };
}

function readLayer(ref: NodeRef, ctx: ParseContext): ReservoirLayer {
  const tag = '!ReservoirLayer';
  const f = ref.mapping(mappingSpec(ctx.variant, tag));
  const encRef = f.get('input_encoding');
  const dynRef = f.get('evolution_dynamics');
  const outRef = f.get('output_encoding');
  if (!encRef && !dynRef && !outRef)
    ref.fail({
      subject: tag,
      problem: 'the layer has no input_encoding, evolution_dynamics or output_encoding',
    });
  const encoding = ref.attempt(() => (encRef ? readCircuit(encRef, ctx, ctx.params) : null));
  // Schedules inside a reservoir are fixed dynamics: inputs enter through the encoding circuit.
  const dynamics = ref.attempt(() => (dynRef ? readSchedule(dynRef, ctx, null) : null));
  const output = ref.attempt(() => (outRef ? readCircuit(outRef, ctx, ctx.params) : null));
  const reset = ref.attempt(() =>
    (f.get('qubits_to_reset')?.items('qubits_to_reset') ?? []).map((q) =>
      q.integer('qubit', 0, 29),
    ),
  );
  return {
    encoding: need(encoding),
    dynamics: need(dynamics),
    output: need(output),
    reset: need(reset),
    ref,
  };
}
