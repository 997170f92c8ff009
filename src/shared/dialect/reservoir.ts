import type { Circuit } from './circuit';
import { readCircuit } from './circuit';
import type { InitialState } from './initial-state';
import { readInitialState } from './initial-state';
import type { NodeRef } from './node-reader';
import type { ParseContext } from './parse-context';
import type { Schedule } from './schedule';
import { readSchedule } from './schedule';

export interface ReservoirLayer {
  encoding: Circuit | null;
  dynamics: Schedule | null;
  reset: number[];
  ref: NodeRef;
}

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
  const tag = '!QuantumReservoir';
  const f = ref.mapping({
    tags: [tag],
    what: tag,
    required: ['layers', 'inputs'],
    optional: ['initial_state'],
  });
  ctx.requireCapability(ref, 'schedule', tag);
  const initialRef = f.get('initial_state');
  const initial = initialRef ? readInitialState(initialRef, 30) : null;
  const layerRefs = f.req('layers').items('layers');
  if (layerRefs.length === 0) f.req('layers').fail({ subject: tag, problem: 'no layers' });
  const layers = layerRefs.map((l) => readLayer(l, ctx));

  const widest = Math.max(
    1,
    ...layers.map((l) =>
      Math.max(
        l.encoding?.nqubits ?? 0,
        (l.dynamics?.maxQubit ?? -1) + 1,
        ...l.reset.map((q) => q + 1),
      ),
    ),
  );
  const nqubits = initial ? initial.nqubits : widest;
  if (widest > nqubits) {
    initialRef?.fail({
      subject: tag,
      problem: `the layers use ${widest} qubits but initial_state has ${nqubits}`,
    });
  }
  // A reset turns the state mixed, so the reservoir runs as a density matrix: 2n qubits' worth.
  const limit = Math.floor(ctx.limits.maxEvolutionQubits / 2);
  ctx.requireWidth(
    initialRef ?? ref,
    nqubits,
    tag,
    limit,
    'maxEvolutionQubits/2 (a reservoir is a density matrix)',
  );

  const inputsRef = f.req('inputs');
  const inputRefs = inputsRef.items('inputs');
  if (inputRefs.length === 0) inputsRef.fail({ subject: tag, problem: 'no inputs' });
  if (inputRefs.length > ctx.limits.maxIterations) {
    inputsRef.fail({
      subject: tag,
      problem: `${inputRefs.length} inputs exceed the simulator limit maxIterations = ${ctx.limits.maxIterations}`,
    });
  }
  const inputs = inputRefs.map((input) => {
    const binding = new Map<string, number>();
    for (const { key, keyRef, value } of input.entries('input')) {
      if (!ctx.params.has(key)) {
        keyRef.fail({
          subject: `${tag} input`,
          problem: `"${key}" is not a !Parameter of any input_encoding`,
          expected: ctx.params.size
            ? `one of: ${ctx.params.names().join(', ')}`
            : 'no inputs: the encodings have no !Parameter',
        });
      }
      binding.set(key, value.number(`input "${key}"`));
    }
    return binding;
  });
  return { kind: 'reservoir', initial, nqubits, layers, inputs, ref };
}

function readLayer(ref: NodeRef, ctx: ParseContext): ReservoirLayer {
  const tag = '!ReservoirLayer';
  const f = ref.mapping({
    tags: [tag],
    what: tag,
    required: [],
    optional: ['input_encoding', 'evolution_dynamics', 'qubits_to_reset'],
  });
  const encRef = f.get('input_encoding');
  const dynRef = f.get('evolution_dynamics');
  if (!encRef && !dynRef)
    ref.fail({
      subject: tag,
      problem: 'the layer has neither input_encoding nor evolution_dynamics',
    });
  const encoding = encRef ? readCircuit(encRef, ctx, ctx.params) : null;
  // Schedules inside a reservoir are fixed dynamics: inputs enter through the encoding circuit.
  const dynamics = dynRef ? readSchedule(dynRef, ctx, null) : null;
  const reset = (f.get('qubits_to_reset')?.items('qubits_to_reset') ?? []).map((q) =>
    q.integer('qubit', 0, 29),
  );
  return { encoding, dynamics, reset, ref };
}
