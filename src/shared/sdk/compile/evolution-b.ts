import type { SdkMap } from '../node';
import type { CoefficientB, LabelledHamiltonianB } from '../b/schedule';
import { scheduleB } from '../b/schedule';
import { timeEvolutionB } from '../b/time-evolution';
import { hamiltonianNode, PauliCache, pauliNode } from '../common/operators';
import { fromPyNum } from '../python/values';
import type { EvolutionFunctional } from '../../dialect/functionals';
import type { Num } from '../../dialect/numbers';
import type { PauliSum } from '../../dialect/pauli-expression';
import type { Schedule } from '../../dialect/schedule';
import { CompileProblem } from './gate-factory';
import { initialStateNode } from './states';
import { hamiltonianTerms, observableNode } from './observables';
import { quoted } from '../../text/quote';
import { ScheduleStepProblem, scheduleStepsB } from '../b/schedule-steps';

/** The one node of a Parameter of the program (a variational program's table makes them). */
export type ParameterNodeOf = (name: string) => { label: string; node: SdkMap };

/**
 * A `!TimeEvolution` of the model as qilisdk 0.1.x's object. One YAML string, one set of Pauli
 * objects: `X(0)` in an observable and in a Hamiltonian is one object (the writer anchors it); an
 * observable given as a single Pauli operator (`PauliZ(1)`) is an object of its own.
 */
export function compileTimeEvolutionB(
  f: EvolutionFunctional,
  parameterNode?: ParameterNodeOf,
): SdkMap {
  const paulis = new PauliCache();
  const observables = f.observables.map((o) =>
    o.kind === 'pauli' ? pauliNode(o.pauli, o.qubit) : observableNode('B', o, paulis, true),
  );
  return timeEvolutionB(
    compileScheduleB(f.schedule, paulis, parameterNode),
    observables,
    initialStateNode('B', f.initial, f.nqubits),
    f.nshots,
    f.storeIntermediate,
  );
}

/**
 * A schedule as 0.1.x's `LinearSchedule` (linear) or `Schedule` (step): each coefficient point
 * at its step (t / dt, a whole number: 0.1.x defines coefficients per step only). A coefficient
 * whose first point comes after 0 is held at its first value from step 0, as the friendly form
 * means (the SDK would otherwise start it at 0).
 */
export function compileScheduleB(
  s: Schedule,
  paulis: PauliCache,
  parameterNode?: ParameterNodeOf,
): SdkMap {
  const hamiltonians: LabelledHamiltonianB[] = s.terms.map((t) => ({
    label: t.label,
    node: hamiltonianNode('B', hamiltonianTerms(t.hamiltonian), paulis),
    nqubits: hamiltonianWidth(t.hamiltonian),
  }));
  let steps: ReturnType<typeof scheduleStepsB>;
  try {
    steps = scheduleStepsB(s);
  } catch (error) {
    if (!(error instanceof ScheduleStepProblem)) throw error;
    const { term, t } = error;
    throw new CompileProblem(
      error.kind === 'not-whole-step'
        ? `coefficient ${quoted(term.label)}: time ${t} is not a whole number of steps of dt = ${s.dt}; qilisdk 0.1.x sets coefficients per step`
        : `coefficient ${quoted(term.label)} has two values at time ${t} (a jump); qilisdk 0.1.x holds one value per step: use interpolation: step`,
      term.hamiltonian.ref,
    );
  }
  return scheduleB(
    s.interpolation,
    fromPyNum(s.written.T),
    fromPyNum(s.written.dt),
    hamiltonians,
    steps.map(([step, entries]) => [
      step,
      entries.map(
        ({ term, point }) =>
          [
            term.label,
            coefficientB(point.value, parameterNode, term.label, term.hamiltonian),
          ] as const,
      ),
    ]),
  );
}

function coefficientB(
  value: Num,
  parameterNode: ParameterNodeOf | undefined,
  label: string,
  sum: PauliSum,
): CoefficientB {
  if (value.kind === 'const')
    return { kind: 'number', value: value.int ? BigInt(value.value) : value.value };
  if (!parameterNode)
    throw new CompileProblem(
      `coefficient ${quoted(label)}: a !Parameter here runs only inside a variational program`,
      sum.ref,
    );
  return { kind: 'parameter', ...parameterNode(value.name) };
}

/** `Hamiltonian.nqubits`: the highest qubit of its terms + 1 (an identity term counts qubit 0). */
function hamiltonianWidth(sum: PauliSum): number {
  const identity = sum.terms.some((t) => (t.xMask | t.zMask) === 0);
  return Math.max(sum.maxQubit + 1, identity ? 1 : 0);
}
