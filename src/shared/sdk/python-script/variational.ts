import type { ParamTable } from '../../dialect/numbers';
import type { Observable, QTensorObservable } from '../../dialect/observable';
import type { Readout } from '../../dialect/readouts';
import type { VariationalProgram } from '../../dialect/variational';
import type { VariantId } from '../../variants/declaration';
import { pythonFloatRepr } from '../yaml';
import { circuitPython } from './circuit';
import { PythonImports } from './imports';
import { NotYetInPython } from './not-yet';
import { PY_KEYWORDS, PythonParameters, SCRIPT_NAMES, pythonNumber } from './parameters';
import { modelCostPython } from './model-cost';
import { observablePython, pauliSumPython } from './pauli-sum';
import { pyStringLiteral } from './python-text';
import { readoutLines } from './readout-0-2';
import type { PythonFunctional } from './sampling-0-1';
import { timeEvolutionPython } from './time-evolution-0-1';
import { analogInProgramPython } from './variational-analog-0-2';

/*
 * A variational program as qilisdk Python, the same classes at 0.1.6 and 0.2.1.post1:
 * src/qilisdk/functionals/variational_program.py: `VariationalProgram(functional, optimizer,
 * cost_function, store_intermediate_results=False)` (0.2.1.post1 adds `parameter_constraints`);
 * src/qilisdk/optimizers/scipy_optimizer.py: `SciPyOptimizer(method, **kwargs)`, the keyword
 * arguments (`options`, `tol`) passed on to scipy.optimize.minimize;
 * src/qilisdk/cost_functions/observable_cost_function.py: `ObservableCostFunction(observable)`,
 * a QTensor, Hamiltonian or PauliOperator, or `ModelCostFunction(model)` (model-cost.ts). At
 * 0.1.6 the cost function's `_handlers` (the pickled code the app cannot write) are made by the
 * SDK itself when the script runs, so a
 * Variant B program the app cannot send is one the script can. The inner functional is
 * `Sampling(circuit, nshots)` (0.1.6) or `DigitalPropagation(circuit)` (0.2.1.post1) over a
 * circuit whose angles are the parameters optimised, or 0.1.6's `TimeEvolution` whose schedule
 * takes a Parameter where it takes a coefficient (src/qilisdk/analog/schedule.py:
 * `schedule: dict[int, dict[str, float | Term | Parameter]]`; time-evolution-0-1.ts writes it)
 * or Variant A's `AnalogEvolution` (variational-analog-0-2.ts); Variant A's readout goes with
 * the submit.
 */

/** The most rows of a QTensor cost written out as a matrix (5 qubits). */
const MAX_QTENSOR_ROWS = 32;

function entryPython(o: QTensorObservable, i: number): string {
  const re = o.re[i]!;
  const im = o.im[i] ?? 0;
  if (o.dtype === 'int64') return String(re);
  if (!Number.isFinite(re) || !Number.isFinite(im))
    throw new NotYetInPython('a QTensor cost with a value that is not finite');
  return im === 0 ? pythonFloatRepr(re) : `complex(${pythonFloatRepr(re)}, ${pythonFloatRepr(im)})`;
}

/** The lines binding `observable` to the matrix, row by row. */
function qtensorLines(o: QTensorObservable): string[] {
  if (o.size > MAX_QTENSOR_ROWS)
    throw new NotYetInPython(
      `a QTensor cost of ${o.size} rows (more than ${MAX_QTENSOR_ROWS}: write it in Python from its Hamiltonian)`,
    );
  const rows = Array.from({ length: o.size }, (_, r) =>
    Array.from({ length: o.size }, (_, c) => entryPython(o, r * o.size + c)).join(', '),
  );
  return [
    'observable = QTensor(',
    '    np.array(',
    '        [',
    ...rows.map((r) => `            [${r}],`),
    '        ]',
    '    )',
    ')',
  ];
}

/** The cost function's argument, and the lines that bind it first (a QTensor's matrix). */
function costPython(v: VariationalProgram, analog: Set<string>): { text: string; lines: string[] } {
  const cf = v.costFunction;
  if (cf?.kind === 'model') throw new Error('a model cost is written by model-cost.ts');
  const observable: Observable | null = cf ? cf.observable : null;
  if (observable?.kind === 'qtensor')
    return { text: 'observable', lines: qtensorLines(observable) };
  if (observable) return { text: observablePython(observable, analog, 'cost', true), lines: [] };
  return { text: pauliSumPython(v.cost!, analog, 'cost observable'), lines: [] };
}

function optimizerPython(v: VariationalProgram): string {
  const spec = v.optimizer;
  if (spec.method.toUpperCase() === 'SPSA')
    throw new NotYetInPython(
      "the optimiser SPSA (the simulator's own: qilisdk's SciPyOptimizer has no SPSA; use COBYLA, Nelder-Mead or Powell)",
    );
  const args = [`method=${pyStringLiteral(spec.method)}`];
  if (spec.options.length > 0) {
    const options = spec.options.map(
      ([k, n]) => `${pyStringLiteral(k)}: ${pythonNumber(n, `optimizer option ${k}`)}`,
    );
    args.push(`options={${options.join(', ')}}`);
  }
  if (spec.tol) args.push(`tol=${pythonNumber(spec.tol, 'optimizer tol')}`);
  return `SciPyOptimizer(${args.join(', ')})`;
}

/** The functional the program optimises: its lines, the variable it is bound to, its imports. */
function innerPython(
  variant: VariantId,
  v: VariationalProgram,
  table: ParamTable,
  imports: PythonImports,
): { lines: string[]; name: string; numpy?: boolean } {
  const inner = v.inner;
  if (inner.kind === 'timeEvolution') {
    const params = new PythonParameters(variant, table, imports);
    const evolution = timeEvolutionPython(inner, { params, imports, bind: 'evolution' });
    const declared = params.lines.length > 0 ? [...params.lines, ''] : [];
    return { lines: [...declared, ...evolution.lines], name: 'evolution' };
  }
  if (inner.kind !== 'sampling' && inner.kind !== 'digital')
    return analogInProgramPython(inner, table, imports);
  const circuit = circuitPython(inner.circuit, 'circuit', variant, table);
  imports.merge(circuit.imports);
  const [name, call] =
    inner.kind === 'sampling'
      ? ['sampling', `Sampling(circuit, nshots=${inner.nshots})`]
      : ['propagation', 'DigitalPropagation(circuit)'];
  imports.add('qilisdk.functionals', inner.kind === 'sampling' ? 'Sampling' : 'DigitalPropagation');
  return { lines: [...circuit.lines, '', `${name} = ${call}`], name };
}

export function variationalPython(
  variant: VariantId,
  v: VariationalProgram,
  readouts: readonly Readout[] | null,
  params: ParamTable,
): PythonFunctional {
  const imports = new PythonImports();
  const inner = innerPython(variant, v, params, imports);
  const analog = new Set<string>();
  const readout =
    variant === 'A' ? readoutLines(readouts ?? [], analog, 'a variational program') : [];
  if (v.parameterConstraints.length > 0)
    throw new NotYetInPython(
      "parameter constraints (ComparisonTerms over the circuit's Parameters)",
    );
  const model = v.costFunction?.kind === 'model' ? v.costFunction.model : null;
  const taken = new Set([...SCRIPT_NAMES, ...PY_KEYWORDS, 'model', ...params.names()]);
  const modelLines = model ? modelCostPython(model, imports, taken) : null;
  const cost = model ? { text: '', lines: [] } : costPython(v, analog);
  imports
    .add('qilisdk.analog', ...analog)
    .add('qilisdk.functionals', 'VariationalProgram')
    .add('qilisdk.optimizers', 'SciPyOptimizer');
  if (!model) imports.add('qilisdk.cost_functions', 'ObservableCostFunction');
  if (cost.lines.length > 0) imports.add('qilisdk.core', 'QTensor');
  if (variant === 'A') imports.add('qilisdk.readout', 'Readout');
  const numpy = cost.lines.length > 0 || v.inner.kind === 'timeEvolution' || inner.numpy === true;
  return {
    imports: [...(numpy ? ['import numpy as np'] : []), ...imports.lines()],
    lines: [
      ...inner.lines,
      `optimizer = ${optimizerPython(v)}`,
      ...(modelLines ?? [
        ...cost.lines,
        // A cost read from the SDK's form is sent as it is by the app as well.
        ...(variant === 'B' && !v.costFunction
          ? [
              '# qilisdk 0.1.6 sends a cost function with its code pickled (its _handlers), which only',
              '# the SDK writes: the app cannot submit this program, this script can.',
            ]
          : []),
        `cost_function = ObservableCostFunction(${cost.text})`,
      ]),
      'functional = VariationalProgram(',
      `    ${inner.name},`,
      '    optimizer=optimizer,',
      '    cost_function=cost_function,',
      `    store_intermediate_results=${v.storeIntermediateResults ? 'True' : 'False'},`,
      ')',
      ...readout,
    ],
    ...(variant === 'A' ? { readout: true as const } : {}),
  };
}
