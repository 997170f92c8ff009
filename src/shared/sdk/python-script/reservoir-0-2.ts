import type { Circuit } from '../../dialect/circuit-model';
import type { ParamTable } from '../../dialect/numbers';
import type { Readout } from '../../dialect/readouts';
import type { QuantumReservoir } from '../../dialect/reservoir';
import { pyNumText } from '../friendly-print/scalars';
import { pythonFloatRepr } from '../yaml';
import { initialStatePython, schedulePythonA } from './analog-evolution-0-2';
import { PythonGates } from './gates';
import { PythonImports } from './imports';
import { NotInSdk } from './not-yet';
import { PythonParameters } from './parameters';
import { pyStringLiteral } from './python-text';
import { readoutLines } from './readout-0-2';
import type { PythonFunctional } from './sampling-0-1';

/*
 * Variant A's `quantum_reservoir` with its readouts as qilisdk 0.2.1.post1 Python:
 * src/qilisdk/functionals/__init__.py exports `QuantumReservoir`, `ReservoirLayer` and
 * `ReservoirInput` (src/qilisdk/functionals/quantum_reservoirs.py: `ReservoirInput(label,
 * value)`, a Parameter that is never trained; `ReservoirLayer(evolution_dynamics,
 * input_encoding=None, output_encoding=None, qubits_to_reset=None)`, the encodings circuits of
 * single-qubit gates without measurements, re-made as `Circuit(nqubits)` of the schedule's width;
 * `QuantumReservoir(initial_state, reservoir_layer, input_per_layer)`, one `{name: value}` per
 * input); the schedule, the initial state and the readouts as analog-evolution-0-2.ts and
 * readout-0-2.ts write them. What compile (compile/reservoir-a.ts) refuses, this refuses too, for
 * the same reason: more than one layer, a layer without dynamics, dynamics narrower than the
 * reservoir, a measured or SDK-form encoding. qilisdk 0.2.1.post1's client sends the job as type
 * `analog_evolution` with a `quantum_reservoir_payload` (its own slip; main sends
 * `quantum_reservoir`): the script says so. 0.2.1.post1's `QuantumReservoir` takes a `QTensor`
 * (it reads the state's `nqubits`; main also takes an `InitialState`), so a named state goes as
 * `InitialState.ZERO.as_qtensor(n)` (src/qilisdk/core/qtensor.py), the same state.
 */

function encodingPython(c: Circuit, name: string, nqubits: number, gates: PythonGates): string[] {
  if (c.island)
    throw new NotInSdk(`an encoding kept in the SDK's form cannot be re-prefixed (${name})`);
  if (c.measurements?.length)
    throw new NotInSdk(`an encoding circuit of qilisdk 0.2.x's ReservoirLayer cannot measure`);
  return [
    `${name} = Circuit(${nqubits})`,
    ...c.gates.map((gate) => {
      if (gate.controls || gate.qubits.length !== 1)
        throw new NotInSdk(
          `qilisdk 0.2.x's ReservoirLayer takes single-qubit gates only in its encodings (${gate.path})`,
        );
      return `${name}.add(${gates.gate(gate)})`;
    }),
  ];
}

export function reservoirPython(
  r: QuantumReservoir,
  readouts: readonly Readout[],
  table: ParamTable,
): PythonFunctional {
  if (r.layers.length !== 1)
    throw new NotInSdk(
      `the reservoir has ${r.layers.length} layers; qilisdk 0.2.x's QuantumReservoir repeats one ReservoirLayer per input: write one layer`,
    );
  const layer = r.layers[0]!;
  if (!layer.dynamics)
    throw new NotInSdk(
      "the layer has no evolution_dynamics, which qilisdk 0.2.x's ReservoirLayer requires",
    );
  if (layer.dynamics.maxQubit + 1 !== r.nqubits)
    throw new NotInSdk(
      `the evolution_dynamics acts on ${layer.dynamics.maxQubit + 1} qubits and the reservoir has ${r.nqubits}; qilisdk 0.2.x takes the reservoir's width from the schedule`,
    );
  const analog = new Set<string>();
  const core = new Set<string>();
  const imports = new PythonImports();
  const readout = readoutLines(readouts, analog, 'a quantum reservoir', core);
  // The inputs' names are the encodings' parameters (the reader checks it): each becomes a
  // ReservoirInput with the value its !Parameter declares, as compile makes it; any other
  // Parameter of an encoding is a Parameter (parameters.ts), imported only when there is one.
  const paramImports = new PythonImports();
  const params = new PythonParameters('A', table, paramImports);
  const names = [...new Set(r.inputs.flatMap((input) => [...input.keys()]))].filter((name) =>
    table.get(name),
  );
  names.forEach((name, i) => {
    const variable = params.use(name, 'inputs');
    params.lines[i] =
      `${variable} = ReservoirInput(${pyStringLiteral(name)}, ${pyNumText(table.get(name)!.value)})`;
  });
  const schedule = schedulePythonA(layer.dynamics, analog, core);
  const gates = new PythonGates('A', imports, params, analog);
  const circuitLines: string[] = [];
  const encodingArgs: string[] = [];
  for (const [name, c] of [
    ['input_encoding', layer.encoding],
    ['output_encoding', layer.output],
  ] as const) {
    if (!c) continue;
    imports.add('qilisdk.digital', 'Circuit');
    circuitLines.push(...encodingPython(c, name, r.nqubits, gates), '');
    encodingArgs.push(`    ${name}=${name},`);
  }
  if (params.lines.length > names.length) imports.merge(paramImports);
  const inputLines = params.lines;
  // 0.2.1.post1's QuantumReservoir reads the state's nqubits: a named state goes as its QTensor.
  const initial =
    r.initial?.kind === 'named'
      ? `${initialStatePython(r.initial, r.nqubits, core)}.as_qtensor(${r.nqubits})`
      : initialStatePython(r.initial, r.nqubits, core);
  const perInput = r.inputs.map(
    (input) =>
      `        {${[...input].map(([k, v]) => `${pyStringLiteral(k)}: ${pythonFloatRepr(v)}`).join(', ')}},`,
  );
  const functionals = ['QuantumReservoir', ...(names.length > 0 ? ['ReservoirInput'] : [])];
  return {
    imports: [
      ...(core.has('QTensor') ? ['import numpy as np'] : []),
      ...imports
        .add('qilisdk.analog', ...analog)
        .add('qilisdk.core', ...core)
        .add('qilisdk.functionals', ...functionals, 'ReservoirLayer')
        .add('qilisdk.readout', 'Readout')
        .lines(),
    ],
    lines: [
      ...(inputLines.length > 0
        ? ['# The inputs: each run of the layer binds them anew.', ...inputLines, '']
        : []),
      ...circuitLines,
      ...schedule,
      '',
      'layer = ReservoirLayer(',
      '    evolution_dynamics=schedule,',
      ...encodingArgs,
      ...(layer.reset.length > 0 ? [`    qubits_to_reset=[${layer.reset.join(', ')}],`] : []),
      ')',
      '',
      'functional = QuantumReservoir(',
      `    initial_state=${initial},`,
      '    reservoir_layer=layer,',
      '    input_per_layer=[',
      ...perInput,
      '    ],',
      ')',
      ...readout,
      '',
      '# qilisdk 0.2.1.post1 sends this job as type "analog_evolution" with a quantum_reservoir_payload;',
      '# qilisdk\'s main sends it as "quantum_reservoir".',
    ],
    readout: true,
  };
}
