import type { Circuit } from '../circuit-model';
import { readCircuit } from '../circuit';
import { readInitialStateAt } from '../initial-state';
import { readEach } from '../node-reader';
import type { Fields, NodeRef } from '../node-reader';
import type { ParseContext } from '../parse-context';
import { need } from '../read-session';
import type { QuantumReservoir, ReservoirLayer } from '../reservoir';
import { checkInputCount, readReservoirInput, reservoirWidth } from '../reservoir-checks';
import { readSchedule } from '../schedule';
import { readSdkCircuit } from './circuit';
import { isSdkForm } from './dispatch';
import { isEmptyDict, isEmptyList } from './values';

/*
 * qilisdk 0.2.x's reservoir, which the SDK does not register as a tag: `!!python/object:qilisdk.
 * functionals.quantum_reservoirs.QuantumReservoir {_initial_state, _input_per_layer,
 * _reservoir_layer: !!python/object:….ReservoirLayer {_input_encoding, _evolution_dynamics,
 * _output_encoding, _qubits_to_reset, _nqubits, …}}`. Its one layer is run once per input.
 */

const PYTHON_OBJECT = 'tag:yaml.org,2002:python/object:qilisdk.functionals.quantum_reservoirs.';
export const QUANTUM_RESERVOIR_TAG = `${PYTHON_OBJECT}QuantumReservoir`;
export const RESERVOIR_LAYER_TAG = `${PYTHON_OBJECT}ReservoirLayer`;

const BOOKKEEPING = ['_parameter_constraints', '_parameters', '_prefix'];
const RESERVOIR_KEYS = ['_initial_state', '_input_per_layer', '_reservoir_layer', ...BOOKKEEPING];
const LAYER_KEYS = [
  '_evolution_dynamics',
  '_input_encoding',
  '_nqubits',
  '_output_encoding',
  '_qtensor_observables',
  '_qubits_to_reset',
  ...BOOKKEEPING,
];
/** `ReservoirLayer` renames the parameters of its encodings with these prefixes. */
const INPUT_PREFIX = 'input_encoding_';
const OUTPUT_PREFIX = 'output_encoding_';

const WHAT = 'QuantumReservoir';

export function readSdkReservoir(ref: NodeRef, ctx: ParseContext): QuantumReservoir {
  const f = ref.mapping({ tags: [QUANTUM_RESERVOIR_TAG], what: WHAT, required: RESERVOIR_KEYS });
  ctx.requireCapability(ref, 'schedule', WHAT);
  requireFresh(f, WHAT);
  const initialRef = f.req('_initial_state');
  const initial = ref.attempt(() => readInitialStateAt(initialRef, 30, ctx));
  const layer = ref.attempt(() => readSdkLayer(f.req('_reservoir_layer'), ctx));
  const nqubits =
    layer && initial !== undefined
      ? ref.attempt(() => {
          const n = reservoirWidth(ref, initialRef, initial, [layer.layer], ctx, WHAT);
          if (layer.nqubits !== n)
            f.req('_reservoir_layer').fail({
              subject: 'ReservoirLayer',
              problem: `_nqubits is ${layer.nqubits} but the reservoir has ${n} qubits`,
            });
          return n;
        })
      : undefined;
  const inputs = ref.attempt(() => {
    const inputsRef = f.req('_input_per_layer');
    const inputRefs = inputsRef.items('_input_per_layer');
    checkInputCount(inputsRef, inputRefs.length, WHAT, ctx);
    return readEach(inputRefs, (input) =>
      readReservoirInput(input, ctx, WHAT, layer !== undefined),
    );
  });
  return {
    kind: 'reservoir',
    initial: need(initial),
    nqubits: need(nqubits),
    layers: [need(layer).layer],
    inputs: need(inputs),
    ref,
  };
}

function readSdkLayer(ref: NodeRef, ctx: ParseContext): { layer: ReservoirLayer; nqubits: number } {
  const what = 'ReservoirLayer';
  const f = ref.mapping({ tags: [RESERVOIR_LAYER_TAG], what, required: LAYER_KEYS });
  requireFresh(f, what);
  if (!isEmptyList(f.req('_qtensor_observables')))
    f.req('_qtensor_observables').fail({
      subject: what,
      problem:
        'observables of the layer are not read by the simulator (the readout says what to measure)',
    });
  const nqubits = f.req('_nqubits').integer('_nqubits', 1, 30);
  const encoding = ref.attempt(() => encodingAt(f.req('_input_encoding'), ctx, INPUT_PREFIX));
  const dynamics = ref.attempt(() => readSchedule(f.req('_evolution_dynamics'), ctx, null));
  const output = ref.attempt(() => encodingAt(f.req('_output_encoding'), ctx, OUTPUT_PREFIX));
  const reset = ref.attempt(() => {
    const r = f.req('_qubits_to_reset');
    if (r.scalarValue() === null) return [];
    return r.items('_qubits_to_reset').map((q) => q.integer('qubit', 0, nqubits - 1));
  });
  return {
    layer: {
      encoding: need(encoding),
      dynamics: need(dynamics),
      output: need(output),
      reset: need(reset),
      ref,
    },
    nqubits,
  };
}

/** An encoding circuit (or null), whose parameter names carry the layer's prefix. */
function encodingAt(ref: NodeRef, ctx: ParseContext, prefix: string): Circuit | null {
  if (ref.scalarValue() === null) return null;
  return isSdkForm(ref)
    ? readSdkCircuit(ref, ctx, ctx.params, prefix)
    : readCircuit(ref, ctx, ctx.params);
}

/** The Parameterizable bookkeeping as a fresh object has it: no constraints, no prefix. */
function requireFresh(f: Fields, what: string): void {
  if (!isEmptyList(f.req('_parameter_constraints')))
    f.req('_parameter_constraints').fail({
      subject: what,
      problem: 'parameter constraints on a reservoir are not read by the simulator',
    });
  if (!isEmptyDict(f.req('_parameters')))
    f.req('_parameters').fail({
      subject: what,
      problem: 'parameters of its own are not read (the encodings hold the parameters)',
    });
  if (f.req('_prefix').scalarValue() !== '')
    f.req('_prefix').fail({ subject: what, problem: 'a parameter prefix is not read' });
}
