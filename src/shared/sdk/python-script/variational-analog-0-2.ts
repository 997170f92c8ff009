import type { EvolutionFunctional } from '../../dialect/functionals';
import type { ParamTable } from '../../dialect/numbers';
import { initialStatePython, schedulePythonA } from './analog-evolution-0-2';
import type { PythonImports } from './imports';
import { PythonParameters } from './parameters';

/*
 * The AnalogEvolution a Variant A variational program optimises, as qilisdk 0.2.1.post1 Python
 * (the same at main): src/qilisdk/analog/schedule.py: a coefficient's dict takes a `Parameter`
 * where it takes a value (`TimeDict`'s values are PARAMETERIZED_NUMBER, of
 * src/qilisdk/core/interpolator.py), so each `!Parameter` of the schedule is one `Parameter`
 * object, declared first (parameters.ts) and given where it stands; the schedule and the initial
 * state as analog-evolution-0-2.ts writes them; src/qilisdk/functionals/analog_evolution.py:
 * `AnalogEvolution(schedule, initial_state, store_intermediate_results=False)`.
 */

export interface InnerPython {
  lines: string[];
  /** The variable the functional is bound to. */
  name: string;
  /** The lines use `np` (a QTensor given entry by entry). */
  numpy: boolean;
}

export function analogInProgramPython(
  f: EvolutionFunctional,
  table: ParamTable,
  imports: PythonImports,
): InnerPython {
  const params = new PythonParameters('A', table, imports);
  const analog = new Set<string>();
  const core = new Set<string>();
  const schedule = schedulePythonA(f.schedule, analog, core, params);
  const initial = initialStatePython(f.initial, f.nqubits, core);
  imports
    .add('qilisdk.analog', ...analog)
    .add('qilisdk.core', ...core)
    .add('qilisdk.functionals', 'AnalogEvolution');
  const declared = params.lines.length > 0 ? [...params.lines, ''] : [];
  return {
    lines: [
      ...declared,
      ...schedule,
      '',
      'evolution = AnalogEvolution(',
      '    schedule,',
      `    initial_state=${initial},`,
      `    store_intermediate_results=${f.storeIntermediate ? 'True' : 'False'},`,
      ')',
    ],
    name: 'evolution',
    numpy: core.has('QTensor'),
  };
}
