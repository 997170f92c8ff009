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
  const steps = new Map<number, Array<readonly [string, CoefficientB]>>();
  for (const t of s.terms) {
    const first = t.points[0]!;
    const points = first.t > 0 ? [{ t: 0, value: first.value }, ...t.points] : t.points;
    for (const p of points) {
      const step = Math.round(p.t / s.dt);
      if (Math.abs(step * s.dt - p.t) > 1e-9 * Math.max(1, Math.abs(p.t)))
        throw new CompileProblem(
          `coefficient ${quoted(t.label)}: time ${p.t} is not a whole number of steps of dt = ${s.dt}; qilisdk 0.1.x sets coefficients per step`,
          t.hamiltonian.ref,
        );
      const at = steps.get(step) ?? [];
      if (at.some(([label]) => label === t.label))
        throw new CompileProblem(
          `coefficient ${quoted(t.label)} has two values at time ${p.t} (a jump); qilisdk 0.1.x holds one value per step: use interpolation: step`,
          t.hamiltonian.ref,
        );
      at.push([t.label, coefficientB(p.value, parameterNode, t.label, t.hamiltonian)]);
      steps.set(step, at);
    }
  }
  return scheduleB(
    s.interpolation,
    fromPyNum(s.written.T),
    fromPyNum(s.written.dt),
    hamiltonians,
    [...steps].sort(([a], [b]) => a - b),
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
