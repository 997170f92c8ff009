import type { InitialState } from './initial-state';
import type { NodeRef } from './node-reader';
import { limitProblem } from './parse-context';
import type { ParseContext } from './parse-context';
import type { ReservoirLayer } from './reservoir';
import { quoted } from '../text/quote';
import { requireScheduleFits } from './evolution-limits';

/*
 * The checks a reservoir gets in either form (the friendly `!QuantumReservoir` and the SDK's
 * `QuantumReservoir`): its width against its initial state and the limits, and its inputs
 * against the encodings' parameters and the iteration limit.
 */

/** The qubits the layers use, checked against the initial state's and the density-matrix limit. */
export function reservoirWidth(
  ref: NodeRef,
  initialRef: NodeRef | undefined,
  initial: InitialState | null,
  layers: readonly ReservoirLayer[],
  ctx: ParseContext,
  tag: string,
): number {
  const widest = Math.max(
    1,
    ...layers.map((l) =>
      Math.max(
        l.encoding?.nqubits ?? 0,
        l.output?.nqubits ?? 0,
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
  for (const l of layers) if (l.dynamics) requireScheduleFits(l.dynamics, n, true, tag, ctx);
  return n;
}

/** The input list's length: at least one, at most the iteration limit. */
export function checkInputCount(inputsRef: NodeRef, count: number, tag: string, ctx: ParseContext) {
  if (count === 0) inputsRef.fail({ subject: tag, problem: 'no inputs' });
  if (count > ctx.limits.maxIterations) {
    limitProblem(inputsRef, {
      subject: tag,
      problem: `${count} inputs exceed the simulator limit maxIterations = ${ctx.limits.maxIterations}`,
    });
  }
}

/** One input: `{parameter: value}`, each name a parameter of an encoding (when those are known). */
export function readReservoirInput(
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
