import type { Circuit } from './circuit';
import { readCircuit } from './circuit';
import { readOptionalInitialState } from './functionals';
import type { InitialState } from './initial-state';
import { mappingSpec } from './mapping-spec';
import { readEach } from './node-reader';
import type { NodeRef } from './node-reader';
import { limitProblem } from './parse-context';
import type { ParseContext } from './parse-context';
import { need } from './read-session';
import type { Schedule } from './schedule';
import { readSchedule } from './schedule';
import { requireScheduleFits } from './evolution-limits';
import { quoted } from '../text/quote';

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
      ? ref.attempt(() => {
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
          const n = initial && initial.kind !== 'named' ? initial.nqubits : widest;
          if (widest > n) {
            initialRef?.fail({
              subject: tag,
              code: 'dialect.qubit_range',
              problem: `the layers use ${widest} qubits but initial_state has ${n}`,
            });
          }
          // A reset turns the state mixed, so the reservoir runs as a density matrix: 2n qubits' worth.
          const limit = Math.floor(ctx.limits.maxEvolutionQubits / 2);
          ctx.requireWidth(
            initialRef ?? ref,
            n,
            tag,
            limit,
            'maxEvolutionQubits/2 (a reservoir is a density matrix)',
          );
          for (const l of layers)
            if (l.dynamics) requireScheduleFits(l.dynamics, n, true, tag, ctx);
          return n;
        })
      : undefined;

  const inputs = ref.attempt(() => {
    const inputsRef = f.req('inputs');
    const inputRefs = inputsRef.items('inputs');
    if (inputRefs.length === 0) inputsRef.fail({ subject: tag, problem: 'no inputs' });
    if (inputRefs.length > ctx.limits.maxIterations) {
      limitProblem(inputsRef, {
        subject: tag,
        problem: `${inputRefs.length} inputs exceed the simulator limit maxIterations = ${ctx.limits.maxIterations}`,
      });
    }
    // Input names are checked against the encodings' parameters only when every layer was read.
    return readEach(inputRefs, (input) => readInput(input, ctx, tag, layers !== undefined));
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

function readInput(
  input: NodeRef,
  ctx: ParseContext,
  tag: string,
  paramsKnown: boolean,
): Map<string, number> {
  const binding = new Map<string, number>();
  for (const { key, keyRef, value } of input.entries('input')) {
    if (paramsKnown && !ctx.params.has(key)) {
      keyRef.fail({
        subject: `${tag} input`,
        problem: `${quoted(key)} is not a !Parameter of any input_encoding`,
        expected: ctx.params.size
          ? `one of: ${ctx.params.names().join(', ')}`
          : 'no inputs: the encodings have no !Parameter',
      });
    }
    binding.set(key, value.number(`input ${quoted(key)}`));
  }
  return binding;
}

function readLayer(ref: NodeRef, ctx: ParseContext): ReservoirLayer {
  const tag = '!ReservoirLayer';
  const f = ref.mapping(mappingSpec(ctx.variant, tag));
  const encRef = f.get('input_encoding');
  const dynRef = f.get('evolution_dynamics');
  if (!encRef && !dynRef)
    ref.fail({
      subject: tag,
      problem: 'the layer has neither input_encoding nor evolution_dynamics',
    });
  const encoding = ref.attempt(() => (encRef ? readCircuit(encRef, ctx, ctx.params) : null));
  // Schedules inside a reservoir are fixed dynamics: inputs enter through the encoding circuit.
  const dynamics = ref.attempt(() => (dynRef ? readSchedule(dynRef, ctx, null) : null));
  const reset = ref.attempt(() =>
    (f.get('qubits_to_reset')?.items('qubits_to_reset') ?? []).map((q) =>
      q.integer('qubit', 0, 29),
    ),
  );
  return { encoding: need(encoding), dynamics: need(dynamics), reset: need(reset), ref };
}
