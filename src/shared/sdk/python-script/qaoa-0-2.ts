import { isMap, isPair, isScalar } from 'yaml';
import type { Circuit, Gate } from '../../dialect/circuit-model';
import { DialectError } from '../../dialect/dialect-error';
import { NodeRef } from '../../dialect/node-reader';
import type { ParamTable } from '../../dialect/numbers';
import type { PyNum } from '../../dialect/parameter-domain';
import type { PauliSum } from '../../dialect/pauli-expression';
import { readSdkHamiltonian } from '../../dialect/sdk-form/observables';
import { hasDefaultBounds, readSdkParameter } from '../../dialect/sdk-form/parameter';
import { pyNumber } from '../../dialect/sdk-form/values';
import type { PythonCircuit } from './python-circuit';
import { PythonImports } from './imports';
import { NotYetInPython } from './not-yet';
import { pythonNumber } from './parameters';
import { pauliSumPython } from './pauli-sum';
import type { QaoaArguments } from './qaoa-gates';
import { qaoaGates, sameGate } from './qaoa-gates';

/*
 * The SDK's `!QAOA` (Variant A) as the constructor call its user writes: qilisdk 0.2.1.post1 and
 * main, src/qilisdk/digital/__init__.py exports `QAOA`; src/qilisdk/digital/ansatz.py:
 * `QAOA(problem_hamiltonian, layers=1, mixer_hamiltonian=None, trotter_steps=1,
 * problem_params=None, mixer_params=None)`, the mixer by default `Hamiltonian({(PauliX(q),):
 * 1.0})` on every qubit. The serialized object keeps every argument (`_problem_hamiltonian`,
 * `_layers`, `_mixer_hamiltonian`, `_trotter_steps`, `_problem_params`, `_mixer_params`) beside
 * the gates they make; the call is written only when those gates are exactly what the
 * constructor makes of them (qaoa-gates.ts) and its Parameters are as it makes them.
 */

/** The field `key` of the SDK object at `ref`, or a refusal naming it. */
function field(ref: NodeRef, key: string): NodeRef {
  if (isMap(ref.node))
    for (const pair of ref.node.items)
      if (isPair(pair) && isScalar(pair.key) && pair.key.value === key)
        return ref.child(pair.value, `${ref.path}.${key}`);
  throw new NotYetInPython(`the SDK's QAOA without its ${key}`);
}

interface ReadQaoa {
  args: QaoaArguments;
  /** As written, for the call. */
  problemParams: PyNum[];
  mixerParams: PyNum[];
}

function readQaoa(ref: NodeRef, nqubits: number): ReadQaoa {
  const numbers = (key: string) =>
    field(ref, key)
      .items(key)
      .map((n) => pyNumber(n, key));
  const problemParams = numbers('_problem_params');
  const mixerParams = numbers('_mixer_params');
  const layers = field(ref, '_layers').integer('_layers', 0);
  if (problemParams.length !== layers || mixerParams.length !== layers)
    throw new NotYetInPython(`the SDK's QAOA with other than ${layers} angles per Hamiltonian`);
  const initState = field(field(ref, '_init_state'), 'data').items('_init_state');
  if (initState.some((n) => n.number('_init_state') !== 0))
    throw new NotYetInPython("the SDK's QAOA with an _init_state other than zeros");
  return {
    args: {
      nqubits,
      problem: readSdkHamiltonian(field(ref, '_problem_hamiltonian'), 'A'),
      mixer: readSdkHamiltonian(field(ref, '_mixer_hamiltonian'), 'A'),
      layers,
      trotterSteps: field(ref, '_trotter_steps').integer('_trotter_steps', 1),
      problemParams: problemParams.map((n) => n.value),
      mixerParams: mixerParams.map((n) => n.value),
    },
    problemParams,
    mixerParams,
  };
}

/** The Parameters are the constructor's own: gamma_i, alpha_i, reals, default bounds, trained. */
function checkParameters(ref: NodeRef, layers: number): void {
  const labels = new Set<string>();
  for (const { key, value } of field(ref, '_parameters').entries('_parameters')) {
    const p = readSdkParameter(value, 'A');
    const own = /^(gamma|alpha)_(\d+)$/.exec(p.label);
    if (!own || Number(own[2]) >= layers || key !== p.label)
      throw new NotYetInPython(`the SDK's QAOA with a Parameter of its own (${p.label})`);
    if (!hasDefaultBounds(p) || p.domain !== 'Real Domain' || !p.trainable)
      throw new NotYetInPython(
        `the SDK's QAOA whose Parameter ${p.label} was changed after it was built (bounds, domain or trainable)`,
      );
    labels.add(p.label);
  }
  if (labels.size !== 2 * layers)
    throw new NotYetInPython(`the SDK's QAOA without all of its ${2 * layers} Parameters`);
}

function isDefaultMixer(mixer: PauliSum, nqubits: number): boolean {
  return (
    mixer.terms.length === nqubits &&
    mixer.terms.every(
      (t, q) =>
        t.factors === `X${q}` &&
        t.coefficient.kind === 'const' &&
        t.coefficient.value === 1 &&
        t.imag === undefined,
    )
  );
}

function angleIn(table: ParamTable) {
  return (gate: Gate): number | undefined => {
    if (gate.angles.length !== 1) return undefined;
    const a = gate.angles[0]!;
    return a.kind === 'const' ? a.value : table.get(a.name)?.value.value;
  };
}

/**
 * The circuit bound to `name` as `QAOA(...)`, or null when `c` is not the SDK's QAOA; refuses
 * (NotYetInPython) one the constructor alone would not rebuild.
 */
export function qaoaCircuitPython(
  c: Circuit,
  name: string,
  table: ParamTable,
): PythonCircuit | null {
  const island = c.island;
  if (island?.ref.tag !== '!QAOA') return null;
  // Read again on its own, strictly: a problem ends the reading here, not the editor's.
  const ref = new NodeRef(island.ref.src, island.ref.node, island.ref.path);
  let read: ReadQaoa;
  try {
    read = readQaoa(ref, c.nqubits);
    checkParameters(ref, read.args.layers);
  } catch (error) {
    if (error instanceof DialectError)
      throw new NotYetInPython(`the SDK's QAOA as written (${error.message})`);
    throw error;
  }
  const { args } = read;
  if (args.problem.maxQubit + 1 !== c.nqubits)
    throw new NotYetInPython(
      `the SDK's QAOA on ${c.nqubits} qubits over a problem Hamiltonian on ${args.problem.maxQubit + 1}`,
    );
  if ((c.measurements ?? []).length > 0)
    throw new NotYetInPython("a measurement among the SDK's QAOA gates");
  const expected = qaoaGates(args);
  const angleOf = angleIn(table);
  if (
    expected.length !== c.gates.length ||
    !expected.every((e, i) => sameGate(c.gates[i]!, e, angleOf))
  )
    throw new NotYetInPython(
      "the SDK's QAOA whose gates are not the ones its constructor makes (gates added, or angles changed, after it was built)",
    );
  const analog = new Set<string>();
  const args_ = [
    `    problem_hamiltonian=${pauliSumPython(args.problem, analog, 'QAOA problem_hamiltonian')},`,
    `    layers=${args.layers},`,
    ...(isDefaultMixer(args.mixer, c.nqubits)
      ? []
      : [`    mixer_hamiltonian=${pauliSumPython(args.mixer, analog, 'QAOA mixer_hamiltonian')},`]),
    ...(args.trotterSteps === 1 ? [] : [`    trotter_steps=${args.trotterSteps},`]),
    `    problem_params=[${read.problemParams.map((n) => pythonNumber(n, 'QAOA problem_params')).join(', ')}],`,
    `    mixer_params=[${read.mixerParams.map((n) => pythonNumber(n, 'QAOA mixer_params')).join(', ')}],`,
  ];
  const imports = new PythonImports()
    .add('qilisdk.digital', 'QAOA')
    .add('qilisdk.analog', ...analog);
  return {
    imports,
    lines: [
      "# The SDK's QAOA ansatz: its constructor adds the H, CNOT and RZ gates and the Parameters",
      '# gamma_<layer> and alpha_<layer> the payload holds.',
      `${name} = QAOA(`,
      ...args_,
      ')',
    ],
  };
}
