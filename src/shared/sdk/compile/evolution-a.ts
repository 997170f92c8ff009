import type { SdkMap } from '../node';
import { analogEvolutionA, initialStateEnum, interpolatorA, scheduleA } from '../a/schedule';
import { hamiltonianNode, PauliCache } from '../common/operators';
import type { PyNumber } from '../python/values';
import { fromPyNum } from '../python/values';
import type { EvolutionFunctional } from '../../dialect/functionals';
import type { Schedule } from '../../dialect/schedule';
import { CompileProblem } from './gate-factory';
import { hamiltonianTerms } from './observables';
import { initialStateNode } from './states';
import { quoted } from '../../text/quote';
import type { ParamTable } from '../../dialect/numbers';
import type { ParameterA } from '../a/parameter';
import { factoryA } from './factory-a';

/**
 * An `!AnalogEvolution` of the model as qilisdk 0.2.x's object (main's form). Its schedule
 * takes its total time from the coefficients' last point; a schedule of constants only (every
 * point at 0) is given `total_time = T`, as the SDK needs. `params` declares the `!Parameter`s
 * its coefficients may hold (a variational program's); elsewhere a parameter is refused.
 */
export function compileAnalogEvolutionA(
  f: EvolutionFunctional,
  params: ParamTable | null = null,
): SdkMap {
  const initial =
    f.initial?.kind === 'named'
      ? initialStateEnum(f.initial.name)
      : initialStateNode('A', f.initial, f.nqubits);
  return analogEvolutionA(compileScheduleA(f.schedule, params), initial, f.storeIntermediate);
}

export function compileScheduleA(s: Schedule, params: ParamTable | null = null): SdkMap {
  const paulis = new PauliCache();
  const last = Math.max(...s.terms.flatMap((t) => t.points.map((p) => p.t)));
  if (last > 0 && last < s.T)
    throw new CompileProblem(
      `the coefficients end at t = ${last}, before T = ${s.T}; qilisdk 0.2.x's schedule ends at its last point: give a point at T`,
      s.ref,
    );
  const totalTime = last === 0 ? fromPyNum(s.written.T) : null;
  const hamiltonians = s.terms.map(
    (t) => [t.label, hamiltonianNode('A', hamiltonianTerms(t.hamiltonian), paulis)] as const,
  );
  // One Parameter object per name: coefficients that share a name share the object.
  const made = new Map<string, ParameterA>();
  const parameter = (name: string, label: string): ParameterA => {
    const decl = params?.get(name);
    if (!decl)
      throw new CompileProblem(
        `coefficient ${quoted(label)}: a !Parameter here runs only inside a variational program`,
        s.ref,
      );
    let p = made.get(name);
    if (!p) made.set(name, (p = factoryA().parameter(decl)));
    return p;
  };
  const coefficients = s.terms.map((t) => {
    const points = t.points.map((p, i): readonly [number, PyNumber | ParameterA] => {
      if (i > 0 && t.points[i - 1]!.t === p.t)
        throw new CompileProblem(
          `coefficient ${quoted(t.label)} has two values at time ${p.t} (a jump); qilisdk 0.2.x defines a time point once: use interpolation: step`,
          t.hamiltonian.ref,
        );
      if (p.value.kind !== 'const') return [p.t, parameter(p.value.name, t.label)];
      return [p.t, p.value.int ? BigInt(p.value.value) : p.value.value];
    });
    return [t.label, interpolatorA(points, t.interpolation ?? s.interpolation, totalTime)] as const;
  });
  return scheduleA(hamiltonians, coefficients, fromPyNum(s.written.dt), s.interpolation, totalTime);
}
