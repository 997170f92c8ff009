import { RESULT_TAGS, VARIANTS } from '../variants/declaration';
import { DOMAIN_NAMES } from './parameter-domain';
import type {
  FunctionalTagOf,
  ReadoutKind,
  ReadoutTagOf,
  VariantId,
} from '../variants/declaration';

/*
 * The payload dialect as data: every tagged object the simulator reads, its fields, and which
 * tags may stand where. The readers take their keys from here, the editor's completion offers
 * what is declared here, and docs/payload-dialect.md describes the same. Which tags an execute
 * type's functional object, its readouts and its result carry is the variant declaration's
 * (src/shared/variants/declaration.ts); each of those tags has its object here.
 */

export type GateName =
  | 'I'
  | 'X'
  | 'Y'
  | 'Z'
  | 'H'
  | 'S'
  | 'T'
  | 'RX'
  | 'RY'
  | 'RZ'
  | 'U1'
  | 'U2'
  | 'U3'
  | 'CNOT'
  | 'CZ'
  | 'SWAP'
  | 'CRX'
  | 'CRY'
  | 'CRZ'
  | 'CU1';

export interface GateShape {
  qubitKeys: 'qubit' | 'control-target' | 'pair';
  angles: readonly string[];
}

const ONE: GateShape = { qubitKeys: 'qubit', angles: [] };
export const GATES: Readonly<Record<GateName, GateShape>> = {
  I: ONE,
  X: ONE,
  Y: ONE,
  Z: ONE,
  H: ONE,
  S: ONE,
  T: ONE,
  RX: { qubitKeys: 'qubit', angles: ['theta'] },
  RY: { qubitKeys: 'qubit', angles: ['theta'] },
  RZ: { qubitKeys: 'qubit', angles: ['phi'] },
  U1: { qubitKeys: 'qubit', angles: ['phi'] },
  U2: { qubitKeys: 'qubit', angles: ['phi', 'gamma'] },
  U3: { qubitKeys: 'qubit', angles: ['theta', 'phi', 'gamma'] },
  CNOT: { qubitKeys: 'control-target', angles: [] },
  CZ: { qubitKeys: 'control-target', angles: [] },
  SWAP: { qubitKeys: 'pair', angles: [] },
  // Controlled rotations and the controlled phase (qibo's names; the same angle keys as RX,
  // RY, RZ and U1), so a QFT is one gate per controlled phase.
  CRX: { qubitKeys: 'control-target', angles: ['theta'] },
  CRY: { qubitKeys: 'control-target', angles: ['theta'] },
  CRZ: { qubitKeys: 'control-target', angles: ['phi'] },
  CU1: { qubitKeys: 'control-target', angles: ['phi'] },
};

/** Any gate under controls, as the SDK's `Controlled(*control_qubits, basic_gate=...)`. */
export const CONTROLLED_TAG = '!Controlled';

/** A basic gate's adjoint and its exponential, as the SDK's `Adjoint` and `Exponential`. */
export const MODIFIER_TAGS = { '!Adjoint': 'adjoint', '!Exponential': 'exponential' } as const;
export type ModifierTag = keyof typeof MODIFIER_TAGS;
export type GateModifier = (typeof MODIFIER_TAGS)[ModifierTag];

/** Every tag a circuit's gate list may hold: the gates, the wrappers and the measurement `!M`. */
export const GATE_TAGS: readonly string[] = [
  ...Object.keys(GATES).map((g) => `!${g}`),
  CONTROLLED_TAG,
  ...Object.keys(MODIFIER_TAGS),
  '!M',
];

/** What `!Controlled` may control: any gate but a measurement. */
export const CONTROLLABLE_TAGS: readonly string[] = GATE_TAGS.filter((t) => t !== '!M');

/**
 * What `!Adjoint` and `!Exponential` may wrap: the SDK's basic gates (one gate, no controls of
 * its own), whose matrix the wrapper transforms.
 */
export const MODIFIABLE_GATES: readonly GateName[] = [
  'I',
  'X',
  'Y',
  'Z',
  'H',
  'S',
  'T',
  'RX',
  'RY',
  'RZ',
  'U1',
  'U2',
  'U3',
  'SWAP',
];

/** The SDK's circuit classes a circuit field may hold. */
export const CIRCUIT_TAGS: readonly string[] = ['!Circuit', '!HardwareEfficientAnsatz'];

/** `!PauliX {qubit}` …: one Pauli operator as an observable (the SDK's `PauliZ(1)`). */
export const PAULI_OPERATOR_TAGS = ['!PauliX', '!PauliY', '!PauliZ', '!PauliI'] as const;

export interface FieldDecl {
  readonly name: string;
  readonly required: boolean;
  /** One line for people (completion details, docs). */
  readonly doc: string;
  /** What a completion writes as the value. */
  readonly example: string;
  /** Tags that may stand as the value, or as each item when `list`. */
  readonly tags?: readonly string[];
  readonly list?: boolean;
  /** The only values the field takes. */
  readonly values?: readonly string[];
  /** The fields of an untagged mapping value (`cost: {observable}`). */
  readonly fields?: readonly FieldDecl[];
}

export interface ObjectDecl {
  readonly tag: string;
  readonly doc: string;
  readonly fields: readonly FieldDecl[];
  /** Written on one line (`!CNOT {control: 0, target: 1}`), as gates are. */
  readonly flow?: boolean;
}

const field = (
  name: string,
  doc: string,
  example: string,
  more: Partial<FieldDecl> = {},
): FieldDecl => ({ name, required: true, doc, example, ...more });
const optional = (name: string, doc: string, example: string, more: Partial<FieldDecl> = {}) =>
  field(name, doc, example, { ...more, required: false });

const SHOTS = (doc: string) => field('nshots', doc, '1000');
const INITIAL_STATE = optional(
  'initial_state',
  'bitstring ("01"), one of 0 1 + - per qubit, or a list of !complex amplitudes',
  '"00"',
);
const OBSERVABLES = field(
  'observables',
  'Pauli expressions ("Z0", "0.5 Z0 Z1", "(1+2j) X0"), or !QTensor matrices',
  '["Z0"]',
);

/** The declaration of a gate (gates are the same in both variants). */
export function gateDecl(name: GateName): ObjectDecl {
  const shape = GATES[name];
  const qubits =
    shape.qubitKeys === 'qubit'
      ? [field('qubit', 'qubit index', '0')]
      : shape.qubitKeys === 'pair'
        ? [field('qubits', 'the two qubits swapped', '[0, 1]')]
        : [field('control', 'control qubit', '0'), field('target', 'target qubit', '1')];
  const angles = shape.angles.map((a) => field(a, `angle ${a} (radians)`, '0.5'));
  const controlled = name.length > 1 && name.startsWith('C') && name !== 'CNOT' && name !== 'CZ';
  const doc = controlled ? `gate ${name.slice(1)} controlled by one qubit` : `gate ${name}`;
  return { tag: `!${name}`, doc, fields: [...qubits, ...angles], flow: true };
}

const modifierDecl = (tag: ModifierTag, doc: string): ObjectDecl => ({
  tag,
  doc,
  fields: [
    field('basic_gate', 'the gate (one of the basic gates)', '', {
      tags: MODIFIABLE_GATES.map((g) => `!${g}`),
    }),
  ],
  flow: true,
});

/** `!Controlled {control_qubits: [0, 1], basic_gate: !X {qubit: 2}}` (a Toffoli). */
export const CONTROLLED_DECL: ObjectDecl = {
  tag: CONTROLLED_TAG,
  doc: 'a gate that acts only where every control qubit is 1',
  fields: [
    field('control_qubits', 'the control qubits', '[0]'),
    field('basic_gate', 'the gate controlled', '', { tags: CONTROLLABLE_TAGS }),
  ],
  flow: true,
};

const COMMON: ObjectDecl[] = [
  ...(Object.keys(GATES) as GateName[]).map(gateDecl),
  CONTROLLED_DECL,
  modifierDecl('!Adjoint', "the gate's adjoint (conjugate transpose): it undoes the gate"),
  modifierDecl(
    '!Exponential',
    "e^M of the gate's matrix M (the SDK's Exponential; not unitary in general)",
  ),
  {
    tag: '!M',
    doc: 'measure these qubits (without !M every qubit is measured)',
    fields: [field('qubits', 'measured qubits', '[0, 1]')],
    flow: true,
  },
  {
    tag: '!Circuit',
    doc: 'a gate circuit on nqubits qubits',
    fields: [
      field('nqubits', 'number of qubits', '2'),
      field('gates', 'the gates in order', '', { list: true, tags: GATE_TAGS }),
    ],
  },
  {
    tag: '!HardwareEfficientAnsatz',
    doc: "the SDK's hardware-efficient ansatz: layers of one-qubit gates and entanglers",
    fields: [
      field('nqubits', 'number of qubits', '3'),
      optional('layers', 'entangling layers (default 1)', '1'),
      optional(
        'connectivity',
        'linear, circular, full, or a list of [control, target] pairs',
        'linear',
      ),
      optional('structure', 'grouped or interposed (default grouped)', 'grouped', {
        values: ['grouped', 'interposed'],
      }),
      optional('one_qubit_gate', 'U1, U2 or U3 (default U1)', 'U3', { values: ['U1', 'U2', 'U3'] }),
      optional('two_qubit_gate', 'CZ or CNOT (default CZ)', 'CNOT', { values: ['CZ', 'CNOT'] }),
      optional('added_gates', "gates added after the ansatz's own (ansatz.add(...))", '', {
        list: true,
        tags: GATE_TAGS,
      }),
    ],
  },
  {
    tag: '!Schedule',
    doc: 'H(t) = sum of coefficient(t) · hamiltonian, for t from 0 to T',
    fields: [
      field('T', 'total time', '1.0'),
      field('dt', 'time step of the recorded points', '0.01'),
      field('hamiltonians', 'label: Pauli expression', '{h: "X0"}'),
      field('coefficients', 'label: [[t, value], ...] or a constant', '{h: [[0, 1], [1, 1]]}'),
      optional(
        'interpolation',
        'between points: linear (default), or step (held until the next point)',
        'step',
        { values: ['linear', 'step'] },
      ),
    ],
  },
  {
    tag: '!Parameter',
    doc: 'a number an optimiser (or a reservoir input) may change',
    fields: [
      field('name', 'parameter name', 'theta'),
      field('value', 'initial value', '0.1'),
      optional('bounds', '[lower, upper] the optimiser keeps to (default ±1e30)', '[0.0, 3.14]'),
      optional('domain', "the SDK's Domain (default Real Domain)", 'Real Domain', {
        values: [...DOMAIN_NAMES],
      }),
      optional(
        'trainable',
        'whether an optimiser may change it (Variant A; default true)',
        'false',
        {
          values: ['true', 'false'],
        },
      ),
    ],
    flow: true,
  },
  ...PAULI_OPERATOR_TAGS.map((tag): ObjectDecl => ({
    tag,
    doc: `the single Pauli operator ${tag.slice(6)} on one qubit, as an observable`,
    fields: [field('qubit', 'qubit index', '0')],
    flow: true,
  })),
  {
    tag: '!QTensor',
    doc: 'an observable given as its matrix (qubit 0 most significant)',
    fields: [
      field('matrix', 'the rows: numbers, !complex or "1+2j" strings', '[[1, 0], [0, -1]]'),
      optional(
        'dtype',
        'complex128 (default), float64 or int64: how the SDK stores it',
        'complex128',
        {
          values: ['complex128', 'float64', 'int64'],
        },
      ),
    ],
  },
  {
    tag: '!complex',
    doc: 'a complex number',
    fields: [optional('real', 'real part', '1.0'), optional('imag', 'imaginary part', '0.0')],
    flow: true,
  },
  {
    tag: '!Optimizer',
    doc: 'the classical optimiser of a variational program',
    fields: [
      field('method', 'optimisation method', 'COBYLA', {
        values: ['COBYLA', 'Nelder-Mead', 'Powell', 'L-BFGS-B', 'SPSA'],
      }),
      optional('max_iterations', 'most iterations (options.maxiter)', '100'),
      optional('options', "SciPy's options by name", '{rhobeg: 0.5}'),
      optional('tol', "SciPy's tolerance", '0.0001'),
    ],
  },
  {
    tag: '!ndarray',
    doc: 'a NumPy array as the SDK writes it (one-dimensional here)',
    fields: [
      field('data', 'the values', '[0, 10, 20]'),
      optional('dtype', 'element type', 'float64'),
      optional('shape', 'array shape', '[3]'),
    ],
    flow: true,
  },
];

/**
 * The objects of the tags a variant's functional objects (or readouts) may carry, one per
 * declared tag: the compiler names this file when the variant declaration adds one.
 */
type DeclsOf<T extends string> = { readonly [K in T]: ObjectDecl & { readonly tag: K } };

function variational(inner: readonly string[]): ObjectDecl & { tag: '!VariationalProgram' } {
  return {
    tag: '!VariationalProgram',
    doc: 'optimise the !Parameter values of a functional against a cost',
    fields: [
      field('functional', 'what is evaluated, holding !Parameter values', '', { tags: inner }),
      field('cost', 'the cost to minimise', '', {
        fields: [field('observable', 'a Pauli expression', '"Z0 Z1"')],
      }),
      field('optimizer', 'how the parameters are optimised', '', { tags: ['!Optimizer'] }),
      optional('store_intermediate_results', 'keep every iteration (default true)', 'true', {
        values: ['true', 'false'],
      }),
    ],
  };
}

const B_FUNCTIONALS: DeclsOf<FunctionalTagOf<'B'>> = {
  '!Sampling': {
    tag: '!Sampling',
    doc: 'run a circuit and sample its measured qubits',
    fields: [
      field('circuit', 'the circuit', '', { tags: CIRCUIT_TAGS }),
      SHOTS('number of samples'),
    ],
  },
  '!TimeEvolution': {
    tag: '!TimeEvolution',
    doc: 'evolve a state under a schedule and measure observables',
    fields: [
      field('schedule', 'the Hamiltonian over time', '', { tags: ['!Schedule'] }),
      OBSERVABLES,
      INITIAL_STATE,
      optional('nshots', 'shots per expectation value (0 = exact)', '0'),
      optional('store_intermediate_results', 'record values at every time point', 'true', {
        values: ['true', 'false'],
      }),
    ],
  },
  '!VariationalProgram': variational(['!Sampling', '!TimeEvolution']),
  '!RabiExperiment': {
    tag: '!RabiExperiment',
    doc: 'a Rabi sweep of the drive pulse duration',
    fields: [
      field('qubit_id', 'qubit of the device', '0'),
      field('drive_pulse_duration', 'pulse durations (ns)', '[0, 10, 20, 30, 40]'),
    ],
  },
  '!T1Experiment': {
    tag: '!T1Experiment',
    doc: 'a T1 sweep of the wait before measurement',
    fields: [
      field('qubit_id', 'qubit of the device', '0'),
      optional('pulse_duration', 'excitation pulse (ns); simulator only', '40'),
      optional(
        'delay_between_pulses',
        'idle time between repetitions (ns); simulator only',
        '200000',
      ),
      field('wait_times', 'waits before measuring (ns)', '[0, 10000, 20000, 40000]'),
    ],
  },
};

const A_READOUTS: DeclsOf<ReadoutTagOf<'A'>> = {
  '!SamplingReadout': {
    tag: '!SamplingReadout',
    doc: 'sample the state',
    fields: [
      SHOTS('number of samples'),
      optional(
        'expand_samples',
        'show unmeasured qubits as _ in the sample keys (default true)',
        'true',
        { values: ['true', 'false'] },
      ),
    ],
    flow: true,
  },
  '!ExpectationReadout': {
    tag: '!ExpectationReadout',
    doc: 'expectation values of observables',
    fields: [OBSERVABLES, optional('nshots', 'shots per value (0 = exact)', '0')],
    flow: true,
  },
  '!StateTomographyReadout': {
    tag: '!StateTomographyReadout',
    doc: 'the full state (at most 10 qubits on the simulator)',
    fields: [optional('method', 'how the state is read', 'exact', { values: ['exact'] })],
    flow: true,
  },
};

/** Every layer of a `!QuantumReservoir`. */
const RESERVOIR_LAYER: ObjectDecl = {
  tag: '!ReservoirLayer',
  doc: 'one layer of a reservoir',
  fields: [
    optional('input_encoding', 'a circuit holding !Parameter inputs', '', { tags: ['!Circuit'] }),
    optional('evolution_dynamics', 'fixed dynamics', '', { tags: ['!Schedule'] }),
    optional('output_encoding', 'a circuit run after the dynamics', '', { tags: ['!Circuit'] }),
    optional('qubits_to_reset', 'qubits reset after the layer (after the readouts)', '[0]'),
  ],
};

const A_FUNCTIONALS: DeclsOf<FunctionalTagOf<'A'>> = {
  '!DigitalPropagation': {
    tag: '!DigitalPropagation',
    doc: 'run a circuit; the readouts say what to extract',
    fields: [field('circuit', 'the circuit', '', { tags: CIRCUIT_TAGS })],
  },
  '!AnalogEvolution': {
    tag: '!AnalogEvolution',
    doc: 'evolve a state under a schedule; the readouts say what to extract',
    fields: [
      field('schedule', 'the Hamiltonian over time', '', { tags: ['!Schedule'] }),
      INITIAL_STATE,
      optional('store_intermediate_results', 'keep the readouts at every time step', 'true', {
        values: ['true', 'false'],
      }),
    ],
  },
  '!QuantumReservoir': {
    tag: '!QuantumReservoir',
    doc: 'layers of input encoding and fixed dynamics, run once per input',
    fields: [
      field('layers', 'the layers in order', '', { list: true, tags: [RESERVOIR_LAYER.tag] }),
      field('inputs', 'one {parameter: value} mapping per input', '[{x: 0.1}]'),
      INITIAL_STATE,
    ],
  },
  '!VariationalProgram': variational(['!DigitalPropagation', '!AnalogEvolution']),
  '!RabiExperiment': {
    tag: '!RabiExperiment',
    doc: 'a Rabi sweep of the drive duration',
    fields: [
      field('qubit', 'qubit of the device', '0'),
      field('averages', 'repetitions per point', '1000'),
      field('drive_duration_values', 'drive durations (ns)', '[0, 10, 20, 30, 40]'),
    ],
  },
  '!T1Experiment': {
    tag: '!T1Experiment',
    doc: 'a T1 sweep of the wait before measurement',
    fields: [
      field('qubit', 'qubit of the device', '0'),
      field('averages', 'repetitions per point', '1000'),
      field('wait_duration_values', 'waits before measuring (ns)', '[0, 10000, 20000, 40000]'),
    ],
  },
};

/** Parts of results with a tag of their own (a variational program's optimiser run). */
const RESULT_PART_TAGS = ['!OptimizerResult'];

export interface VariantDialect {
  /** Variant A: what a `readout` (or each of a list of them) may be; none in Variant B. */
  readonly readoutTags: readonly string[];
  readonly objects: ReadonlyMap<string, ObjectDecl>;
}

const byTag = (list: ObjectDecl[]) => new Map(list.map((o) => [o.tag, o]));

function readoutTags(variant: VariantId): string[] {
  const readouts: readonly ReadoutKind[] = VARIANTS[variant].readouts;
  return readouts.map((r) => r.tag);
}

const DIALECTS: Record<VariantId, VariantDialect> = {
  A: {
    readoutTags: readoutTags('A'),
    objects: byTag([
      ...COMMON,
      ...Object.values(A_FUNCTIONALS),
      RESERVOIR_LAYER,
      ...Object.values(A_READOUTS),
    ]),
  },
  B: {
    readoutTags: readoutTags('B'),
    objects: byTag([...COMMON, ...Object.values(B_FUNCTIONALS)]),
  },
};

export function dialectOf(variant: VariantId): VariantDialect {
  return DIALECTS[variant];
}

/** Every tag the dialect gives a meaning to, in either variant (results and `!tuple` included). */
export const DIALECT_TAGS: ReadonlySet<string> = new Set([
  ...DIALECTS.A.objects.keys(),
  ...DIALECTS.B.objects.keys(),
  ...RESULT_TAGS,
  ...RESULT_PART_TAGS,
  '!tuple',
]);

/** The keys a reader accepts for a declared object, in declaration order. */
export function keysOf(decl: ObjectDecl | readonly FieldDecl[]): {
  required: string[];
  optional: string[];
} {
  const fields = 'fields' in decl ? decl.fields : decl;
  return {
    required: fields.filter((f) => f.required).map((f) => f.name),
    optional: fields.filter((f) => !f.required).map((f) => f.name),
  };
}

/** The declaration of `tag` in `variant`; throws for a tag the dialect does not declare (a bug). */
export function objectDecl(variant: VariantId, tag: string): ObjectDecl {
  const decl = DIALECTS[variant].objects.get(tag);
  if (!decl) throw new Error(`the dialect declares no ${tag} in Variant ${variant}`);
  return decl;
}
