import type { EvolutionFunctional } from '../../dialect/functionals';
import type { InitialState } from '../../dialect/initial-state';
import type { Readout } from '../../dialect/readouts';
import type { Schedule } from '../../dialect/schedule';
import { productAmplitudes } from '../common/states';
import { pyNumText } from '../friendly-print/scalars';
import { pythonFloatRepr } from '../yaml';
import { basisKetPython } from './basis-ket';
import { NotYetInPython } from './not-yet';
import type { PythonParameters } from './parameters';
import { pauliSumPython } from './pauli-sum';
import { pyNumLiteral, pyStringLiteral } from './python-text';
import { qtensorOfEntries } from './qtensor';
import { readoutLines } from './readout-0-2';
import type { PythonFunctional } from './sampling-0-1';

/*
 * Variant A's `analog_evolution` with its readouts as qilisdk 0.2.1.post1 Python:
 * src/qilisdk/analog/__init__.py exports `Schedule`, `X`, `Y`, `Z`
 * (src/qilisdk/analog/schedule.py: `Schedule(hamiltonians=None, coefficients=None, dt=0.1,
 * total_time=None, interpolation=Interpolation.LINEAR)`, a coefficient a dict of time points to
 * values that becomes an `Interpolator` with the schedule's interpolation);
 * src/qilisdk/core/__init__.py exports `Interpolation` (LINEAR, STEP), `Interpolator`,
 * `InitialState` (ZERO, ONE, UNIFORM), `QTensor` and `ket` (a basis state: basis-ket.ts);
 * src/qilisdk/functionals/analog_evolution.py:
 * `AnalogEvolution(schedule, initial_state, store_intermediate_results=False)`.
 * As compile writes it (compile/evolution-a.ts): times as floats, `total_time` only for a
 * schedule of constants (every point at 0), which the SDK cannot time otherwise. Times are the
 * model's: a schedule read from the SDK's form with a `total_time` has its points scaled to it
 * already, so the script gives them scaled (the same coefficients at every time).
 */

/**
 * Each coefficient as `{t: value}`; one interpolated unlike the schedule as the `Interpolator`
 * the SDK would build from a dict (`Interpolator(coeff, interpolation, nsamples=int(1 / dt))`,
 * src/qilisdk/analog/schedule.py) with its own interpolation, which `Schedule` takes as it is.
 */
function coefficientDicts(s: Schedule, core: Set<string>, params?: PythonParameters): string[] {
  return s.terms.map((term) => {
    const entries = term.points.map((p, i) => {
      if (i > 0 && term.points[i - 1]!.t === p.t)
        throw new NotYetInPython(`coefficient ${term.label}: two values at time ${p.t}`);
      const where = `coefficient ${term.label}`;
      const value =
        p.value.kind === 'param' && params
          ? params.use(p.value.name, where)
          : pyNumLiteral(p.value, where);
      return `${pythonFloatRepr(p.t)}: ${value}`;
    });
    const dict = `{${entries.join(', ')}}`;
    const own = term.interpolation && term.interpolation !== s.interpolation;
    if (!own) return `        ${pyStringLiteral(term.label)}: ${dict},`;
    core.add('Interpolator').add('Interpolation');
    const interpolation = `Interpolation.${term.interpolation === 'step' ? 'STEP' : 'LINEAR'}`;
    return `        ${pyStringLiteral(term.label)}: Interpolator(${dict}, ${interpolation}, nsamples=${Math.trunc(1 / s.dt)}),`;
  });
}

export function initialStatePython(
  initial: InitialState | null,
  nqubits: number,
  core: Set<string>,
) {
  if (initial?.kind === 'named') {
    core.add('InitialState');
    return `InitialState.${initial.name.toUpperCase()}`;
  }
  const ket = basisKetPython(initial);
  if (ket) {
    core.add('ket');
    return ket;
  }
  const entries = initial && qtensorOfEntries(initial);
  if (entries) {
    core.add('QTensor');
    return entries;
  }
  const perQubit = !initial
    ? '0'.repeat(nqubits)
    : initial.kind === 'product'
      ? initial.perQubit
      : null;
  if (perQubit === null) throw new NotYetInPython(`an initial state written as ${initial!.kind}`);
  core.add('QTensor');
  const rows = productAmplitudes(perQubit).map((a) => `[${pythonFloatRepr(a)}]`);
  return `QTensor(np.array([${rows.join(', ')}], dtype=np.complex128))`;
}

/**
 * The lines that bind `schedule` to the SDK's `Schedule` (also a reservoir layer's dynamics);
 * `analog` and `core` collect the names of `qilisdk.analog` and `qilisdk.core` they use;
 * `params`, in a variational program, writes a `!Parameter` coefficient as its variable.
 */
export function schedulePythonA(
  s: Schedule,
  analog: Set<string>,
  core: Set<string>,
  params?: PythonParameters,
): string[] {
  analog.add('Schedule');
  const last = Math.max(...s.terms.flatMap((t) => t.points.map((p) => p.t)));
  if (last > 0 && last < s.T)
    throw new NotYetInPython(`a schedule whose coefficients end at t = ${last}, before T = ${s.T}`);
  const hamiltonians = s.terms.map(
    (t) =>
      `        ${pyStringLiteral(t.label)}: ${pauliSumPython(t.hamiltonian, analog, `hamiltonian ${t.label}`)},`,
  );
  const coefficients = coefficientDicts(s, core, params);
  if (s.interpolation === 'step') core.add('Interpolation');
  return [
    'schedule = Schedule(',
    '    hamiltonians={',
    ...hamiltonians,
    '    },',
    '    coefficients={',
    ...coefficients,
    '    },',
    `    dt=${pyNumText(s.written.dt)},`,
    ...(last === 0 ? [`    total_time=${pyNumText(s.written.T)},`] : []),
    ...(s.interpolation === 'step' ? ['    interpolation=Interpolation.STEP,'] : []),
    ')',
  ];
}

export function analogEvolutionPython(
  f: EvolutionFunctional,
  readouts: readonly Readout[],
): PythonFunctional {
  const analog = new Set<string>(['Schedule']);
  const core = new Set<string>();
  const readout = readoutLines(readouts, analog, 'an analog evolution', core);
  const schedule = schedulePythonA(f.schedule, analog, core);
  const initial = initialStatePython(f.initial, f.nqubits, core);
  return {
    imports: [
      ...(core.has('QTensor') ? ['import numpy as np'] : []),
      `from qilisdk.analog import ${[...analog].sort().join(', ')}`,
      `from qilisdk.core import ${[...core].sort().join(', ')}`,
      'from qilisdk.functionals import AnalogEvolution',
      'from qilisdk.readout import Readout',
    ],
    lines: [
      ...schedule,
      '',
      'functional = AnalogEvolution(',
      '    schedule,',
      `    initial_state=${initial},`,
      `    store_intermediate_results=${f.storeIntermediate ? 'True' : 'False'},`,
      ')',
      ...readout,
    ],
    readout: true,
  };
}
