import { RESULT_TAGS, VARIANTS } from '../variants/declaration';
import type { ReadoutKind, VariantId } from '../variants/declaration';
import { DOMAIN_NAMES } from './parameter-domain';
import { field, optional } from './object-decl';
import type { FieldDecl, ObjectDecl } from './object-decl';
import { A_FUNCTIONALS, A_READOUTS, B_FUNCTIONALS, RESERVOIR_LAYER } from './variant-objects';

/*
 * The payload dialect as data: every tagged object the simulator reads, its fields, and which
 * tags may stand where. The readers take their keys from here, the editor's completion offers
 * what is declared here, and docs/payload-dialect.md describes the same. Which tags an execute
 * type's functional object, its readouts and its result carry is the variant declaration's
 * (src/shared/variants/declaration.ts); each of those tags has its object in variant-objects.ts,
 * and this file puts each variant's dialect together. An object's shape is object-decl.ts's.
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

/** `!PauliX {qubit}` …: one Pauli operator as an observable (the SDK's `PauliZ(1)`). */
export const PAULI_OPERATOR_TAGS = ['!PauliX', '!PauliY', '!PauliZ', '!PauliI'] as const;

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
