import type { Circuit, Gate } from '../../dialect/circuit-model';
import { GATES } from '../../dialect/declaration';
import type { ParamTable } from '../../dialect/numbers';
import type { Readout } from '../../dialect/readouts';
import type { QuantumReservoir } from '../../dialect/reservoir';
import { pyNumText } from '../friendly-print/scalars';
import { pythonFloatRepr } from '../yaml';
import { initialStatePython, schedulePythonA } from './analog-evolution-0-2';
import { EXPORTED } from './circuit';
import { digitalImportLines, modifiedCall, modifierClass } from './modified-gates';
import { NotInSdk, NotYetInPython } from './not-yet';
import { pyNumLiteral, pyStringLiteral } from './python-text';
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

const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);

/** Names the script binds or imports itself; an input named so gets a numbered variable. */
const SCRIPT_NAMES = new Set([
  'np',
  'schedule',
  'layer',
  'functional',
  'readout',
  'input_encoding',
  'output_encoding',
  'client',
  'job',
  'detail',
  'DEVICE',
  'SpeQtrum',
  'Readout',
  'Circuit',
  'Schedule',
  'QuantumReservoir',
  'ReservoirLayer',
  'ReservoirInput',
  'InitialState',
  'Interpolation',
  'QTensor',
  'X',
  'Y',
  'Z',
  ...EXPORTED,
]);

/** The Python variable of each reservoir input: its own name where that is a safe identifier. */
function inputVariables(names: readonly string[]): Map<string, string> {
  return new Map(
    names.map((name, i) => [
      name,
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PYTHON_KEYWORDS.has(name) && !SCRIPT_NAMES.has(name)
        ? name
        : `reservoir_input_${i}`,
    ]),
  );
}

function encodingGate(gate: Gate, inputs: ReadonlyMap<string, string>): string {
  if (gate.controls || gate.qubits.length !== 1)
    throw new NotInSdk(
      `qilisdk 0.2.x's ReservoirLayer takes single-qubit gates only in its encodings (${gate.path})`,
    );
  if (!EXPORTED.has(gate.name)) throw new NotYetInPython(`the gate ${gate.name} (${gate.path})`);
  const args = [String(gate.qubits[0])];
  GATES[gate.name].angles.forEach((key, i) => {
    const angle = gate.angles[i]!;
    const input = angle.kind === 'param' ? inputs.get(angle.name) : undefined;
    args.push(`${key}=${input ?? pyNumLiteral(angle, gate.path)}`);
  });
  return modifiedCall(gate.modifier, `${gate.name}(${args.join(', ')})`);
}

function encodingPython(
  c: Circuit,
  name: string,
  nqubits: number,
  inputs: ReadonlyMap<string, string>,
  digital: Set<string>,
): string[] {
  if (c.island)
    throw new NotInSdk(`an encoding kept in the SDK's form cannot be re-prefixed (${name})`);
  if (c.measurements?.length)
    throw new NotInSdk(`an encoding circuit of qilisdk 0.2.x's ReservoirLayer cannot measure`);
  digital.add('Circuit');
  return [
    `${name} = Circuit(${nqubits})`,
    ...c.gates.map((gate) => {
      digital.add(gate.name);
      if (gate.modifier) digital.add(modifierClass(gate.modifier));
      return `${name}.add(${encodingGate(gate, inputs)})`;
    }),
  ];
}

export function reservoirPython(
  r: QuantumReservoir,
  readouts: readonly Readout[],
  params: ParamTable,
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
  const digital = new Set<string>();
  const readout = readoutLines(readouts, analog, 'a quantum reservoir', core);
  // The inputs' names are the encodings' parameters (the reader checks it): each becomes a
  // ReservoirInput with the value its !Parameter declares, as compile makes it.
  const declared = [...new Set(r.inputs.flatMap((input) => [...input.keys()]))].flatMap((name) => {
    const decl = params.get(name);
    return decl ? [{ name, value: pyNumText(decl.value) }] : [];
  });
  const names = declared.map((d) => d.name);
  const inputs = inputVariables(names);
  const inputLines = declared.map(
    ({ name, value }) =>
      `${inputs.get(name)!} = ReservoirInput(${pyStringLiteral(name)}, ${value})`,
  );
  const circuitLines: string[] = [];
  const encodingArgs: string[] = [];
  for (const [name, c] of [
    ['input_encoding', layer.encoding],
    ['output_encoding', layer.output],
  ] as const) {
    if (!c) continue;
    circuitLines.push(...encodingPython(c, name, r.nqubits, inputs, digital), '');
    encodingArgs.push(`    ${name}=${name},`);
  }
  const schedule = schedulePythonA(layer.dynamics, analog, core);
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
      `from qilisdk.analog import ${[...analog].sort().join(', ')}`,
      ...(core.size > 0 ? [`from qilisdk.core import ${[...core].sort().join(', ')}`] : []),
      ...digitalImportLines(digital),
      `from qilisdk.functionals import ${[...functionals, 'ReservoirLayer'].sort().join(', ')}`,
      'from qilisdk.readout import Readout',
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
