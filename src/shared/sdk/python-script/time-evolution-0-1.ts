import type { EvolutionFunctional } from '../../dialect/functionals';
import type { InitialState } from '../../dialect/initial-state';
import type { Schedule } from '../../dialect/schedule';
import { productAmplitudes } from '../common/states';
import { pyNumText } from '../friendly-print/scalars';
import { pythonFloatRepr } from '../yaml';
import { PythonImports } from './imports';
import { NotYetInPython } from './not-yet';
import type { PythonParameters } from './parameters';
import { observablePython, pauliSumPython } from './pauli-sum';
import { pyNumLiteral, pyStringLiteral } from './python-text';
import type { PythonFunctional } from './sampling-0-1';
import { ScheduleStepProblem, scheduleStepsB } from '../b/schedule-steps';

/*
 * Variant B's `time_evolution` as qilisdk 0.1.6 Python:
 * src/qilisdk/analog/__init__.py exports `LinearSchedule`, `Schedule`, `X`, `Y`, `Z`
 * (src/qilisdk/analog/schedule.py: `Schedule(T, dt=1, hamiltonians=None, schedule=None)`, the
 * schedule a dict of time STEPS to {label: coefficient}; src/qilisdk/analog/linear_schedule.py:
 * `LinearSchedule`, the same arguments, linear between steps);
 * src/qilisdk/functionals/time_evolution.py: `TimeEvolution(schedule, observables, initial_state,
 * nshots=1000, store_intermediate_results=False)`; src/qilisdk/core/__init__.py exports
 * `QTensor` (src/qilisdk/core/qtensor.py: `QTensor(data)`, a ket a column of 2^n rows).
 * Coefficients go at step t / dt, a coefficient whose first point is after 0 held from step 0,
 * by the rule compile uses (`scheduleStepsB`, src/shared/sdk/b/schedule-steps.ts).
 */

function scheduleSteps(s: Schedule, params?: PythonParameters): Array<[number, string[]]> {
  for (const term of s.terms)
    if (term.interpolation && term.interpolation !== s.interpolation)
      throw new NotYetInPython(`a coefficient with its own interpolation (${term.label})`);
  let steps: ReturnType<typeof scheduleStepsB>;
  try {
    steps = scheduleStepsB(s);
  } catch (error) {
    if (!(error instanceof ScheduleStepProblem)) throw error;
    throw new NotYetInPython(
      error.kind === 'not-whole-step'
        ? `coefficient ${error.term.label} at time ${error.t}, not a whole step`
        : `coefficient ${error.term.label}: two values at time ${error.t}`,
    );
  }
  return steps.map(([step, entries]) => [
    step,
    entries.map(
      ({ term, point }) =>
        `${pyStringLiteral(term.label)}: ${
          point.value.kind === 'param' && params
            ? params.use(point.value.name, `coefficient ${term.label}`)
            : pyNumLiteral(point.value, `coefficient ${term.label}`)
        }`,
    ),
  ]);
}

function initialStatePython(initial: InitialState | null, nqubits: number): string {
  const perQubit = !initial
    ? '0'.repeat(nqubits)
    : initial.kind === 'product'
      ? initial.perQubit
      : null;
  if (perQubit === null) throw new NotYetInPython(`an initial state written as ${initial!.kind}`);
  const rows = productAmplitudes(perQubit).map((a) => `[${pythonFloatRepr(a)}]`);
  return `QTensor(np.array([${rows.join(', ')}]))`;
}

/**
 * `inProgram`: the TimeEvolution a variational program optimises: its `!Parameter` coefficients
 * as the `params`' variables, bound to `bind`, its imports added to `imports`.
 */
export function timeEvolutionPython(
  f: EvolutionFunctional,
  inProgram?: { params: PythonParameters; imports: PythonImports; bind: string },
): PythonFunctional {
  const s = f.schedule;
  const analog = new Set<string>([s.interpolation === 'linear' ? 'LinearSchedule' : 'Schedule']);
  const hamiltonians = s.terms.map(
    (t) =>
      `        ${pyStringLiteral(t.label)}: ${pauliSumPython(t.hamiltonian, analog, `hamiltonian ${t.label}`)},`,
  );
  const steps = scheduleSteps(s, inProgram?.params);
  const observables = f.observables.map((o, i) =>
    observablePython(o, analog, `observable ${i}`, true),
  );
  const imports = (inProgram?.imports ?? new PythonImports())
    .add('qilisdk.analog', ...analog)
    .add('qilisdk.core', 'QTensor')
    .add('qilisdk.functionals', 'TimeEvolution');
  return {
    imports: ['import numpy as np', ...imports.lines()],
    lines: [
      `schedule = ${s.interpolation === 'linear' ? 'LinearSchedule' : 'Schedule'}(`,
      `    T=${pyNumText(s.written.T)},`,
      `    dt=${pyNumText(s.written.dt)},`,
      '    hamiltonians={',
      ...hamiltonians,
      '    },',
      '    schedule={',
      ...steps.map(([step, entries]) => `        ${step}: {${entries.join(', ')}},`),
      '    },',
      ')',
      '',
      `${inProgram?.bind ?? 'functional'} = TimeEvolution(`,
      '    schedule,',
      `    observables=[${observables.join(', ')}],`,
      `    initial_state=${initialStatePython(f.initial, f.nqubits)},`,
      `    nshots=${f.nshots},`,
      `    store_intermediate_results=${f.storeIntermediate ? 'True' : 'False'},`,
      ')',
    ],
  };
}
