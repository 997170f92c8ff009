/**
 * Variant A and Variant B of the service's data model, each declared once as data (spec §9).
 * Every schema, the editor's JSON Schema, templates and UI labels are derived from these two
 * objects; nothing else in the code base branches on the variant's name.
 *
 * An execute type is declared here and nowhere else: its fields, the tags of its functional
 * object and of its result, and the work it asks of a device. Every table that must hold one
 * entry per execute type (the dialect's readers, the simulator's evaluators, the handles) is a
 * `PerExecuteType`, and every table per result tag is keyed by `ResultTag`, so a type added
 * here makes the compiler name each place that must handle it (docs/architecture.md, "Recipes").
 */

export const VARIANT_IDS = ['A', 'B'] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

/** A tag of the payload dialect, as written in YAML (`!Sampling`). */
export type DialectTag = `!${string}`;

/**
 * What kind of hardware a piece of work needs: a device runs only the work its type fits
 * (docs/payload-dialect.md, "Devices and physics").
 */
export type WorkKind = 'circuit' | 'schedule' | 'experiment';

/**
 * One execute type and everything that hangs off it (spec §2.4–§2.7; its `job_type`:
 * docs/wire-format.md, "Execute").
 */
export interface ExecuteKind {
  /** The ExecuteType value (§2.4). */
  readonly executeType: string;
  /** The ExecutePayload field that carries the inner payload (§2.6). */
  readonly payloadField: string;
  /** Name of the inner payload object in the specification (§2.5). */
  readonly payloadObject: string;
  /** The inner payload's one required field holding the functional object (§2.5). */
  readonly functionalField: string;
  /** What the functional field holds, in the specification's words. */
  readonly functionalKind:
    'functional object' | 'experiment functional object' | 'experiment object';
  /** Variant A: a required `readout` sits beside the functional object (§2.5). */
  readonly readout: boolean;
  /** The ExecuteResult field populated for this type (§2.7). */
  readonly resultField: string;
  /** The JobType sent with the execute envelope (docs/wire-format.md, "Execute"). */
  readonly jobType: string;
  /** A person-facing label. */
  readonly label: string;
  /**
   * The tags its functional object may carry (docs/payload-dialect.md). With several, the
   * result tag is the functional tag's name plus `Result` (`!T1Experiment` → `!T1ExperimentResult`).
   */
  readonly functionalTags: readonly DialectTag[];
  /** The tags its result may carry, in the order of `functionalTags` when there are several. */
  readonly resultTags: readonly DialectTag[];
  /** The work it asks of a device; null when that is the work of the functional object it wraps. */
  readonly work: WorkKind | null;
}

/** Variant A: a readout the payload names beside its functional object, and the tag of its result. */
export interface ReadoutKind {
  readonly tag: DialectTag;
  readonly resultTag: DialectTag;
}

export interface VariantDeclaration {
  readonly id: VariantId;
  readonly label: string;
  readonly executeKinds: readonly ExecuteKind[];
  /** What a `readout` may be (Variant A); none in Variant B. */
  readonly readouts: readonly ReadoutKind[];
  /** The ExecuteResult's result fields, in specification order (§2.7). */
  readonly resultFields: readonly string[];
  /** JobType values (§2.9). */
  readonly jobTypes: readonly string[];
  /** The model type of Token.issued_at (§2.1); on the wire it is always a string of digits. */
  readonly issuedAt: 'integer' | 'string';
  /** JobId carries `message` (§2.10). */
  readonly jobIdMessage: boolean;
  /** JobInfo.status is required (true) or may be absent (false) (§2.10). */
  readonly jobInfoStatusRequired: boolean;
  /** JobDetail carries `jobType` (§2.10). */
  readonly jobDetailJobType: boolean;
}

const VARIANT_A = {
  id: 'A',
  label: 'Variant A',
  executeKinds: [
    {
      executeType: 'digital_propagation',
      payloadField: 'digital_propagation_payload',
      payloadObject: 'DigitalPropagationPayload',
      functionalField: 'digital_propagation',
      functionalKind: 'functional object',
      readout: true,
      resultField: 'functional_result',
      jobType: 'digital',
      label: 'Digital propagation',
      functionalTags: ['!DigitalPropagation'],
      resultTags: ['!FunctionalResult'],
      work: 'circuit',
    },
    {
      executeType: 'analog_evolution',
      payloadField: 'analog_evolution_payload',
      payloadObject: 'AnalogEvolutionPayload',
      functionalField: 'analog_evolution',
      functionalKind: 'functional object',
      readout: true,
      resultField: 'functional_result',
      jobType: 'analog',
      label: 'Analog evolution',
      functionalTags: ['!AnalogEvolution'],
      resultTags: ['!FunctionalResult'],
      work: 'schedule',
    },
    {
      executeType: 'quantum_reservoir',
      payloadField: 'quantum_reservoir_payload',
      payloadObject: 'QuantumReservoirPayload',
      functionalField: 'quantum_reservoir',
      functionalKind: 'functional object',
      readout: true,
      resultField: 'functional_result',
      jobType: 'quantum_reservoir',
      label: 'Quantum reservoir',
      functionalTags: ['!QuantumReservoir'],
      resultTags: ['!FunctionalResult'],
      work: 'schedule',
    },
    {
      executeType: 'variational_program',
      payloadField: 'variational_program_payload',
      payloadObject: 'VariationalProgramPayload',
      functionalField: 'variational_program',
      functionalKind: 'functional object',
      readout: true,
      resultField: 'variational_program_result',
      jobType: 'variational',
      label: 'Variational program',
      functionalTags: ['!VariationalProgram'],
      resultTags: ['!VariationalProgramResult'],
      work: null,
    },
    {
      executeType: 'experiment',
      payloadField: 'experiment_payload',
      payloadObject: 'ExperimentPayload',
      functionalField: 'experiment',
      functionalKind: 'experiment functional object',
      readout: false,
      resultField: 'experiment_result',
      jobType: 'pulse',
      label: 'Experiment',
      functionalTags: ['!RabiExperiment', '!T1Experiment'],
      resultTags: ['!RabiExperimentResult', '!T1ExperimentResult'],
      work: 'experiment',
    },
  ],
  readouts: [
    { tag: '!SamplingReadout', resultTag: '!SamplingReadoutResult' },
    { tag: '!ExpectationReadout', resultTag: '!ExpectationReadoutResult' },
    { tag: '!StateTomographyReadout', resultTag: '!StateTomographyReadoutResult' },
  ],
  resultFields: ['functional_result', 'variational_program_result', 'experiment_result'],
  jobTypes: ['digital', 'pulse', 'analog', 'quantum_reservoir', 'variational'],
  issuedAt: 'integer',
  jobIdMessage: true,
  jobInfoStatusRequired: false,
  jobDetailJobType: false,
} as const satisfies VariantDeclaration;

const VARIANT_B = {
  id: 'B',
  label: 'Variant B',
  executeKinds: [
    {
      executeType: 'sampling',
      payloadField: 'sampling_payload',
      payloadObject: 'SamplingPayload',
      functionalField: 'sampling',
      functionalKind: 'functional object',
      readout: false,
      resultField: 'sampling_result',
      jobType: 'digital',
      label: 'Sampling',
      functionalTags: ['!Sampling'],
      resultTags: ['!SamplingResult'],
      work: 'circuit',
    },
    {
      executeType: 'time_evolution',
      payloadField: 'time_evolution_payload',
      payloadObject: 'TimeEvolutionPayload',
      functionalField: 'time_evolution',
      functionalKind: 'functional object',
      readout: false,
      resultField: 'time_evolution_result',
      jobType: 'analog',
      label: 'Time evolution',
      functionalTags: ['!TimeEvolution'],
      resultTags: ['!TimeEvolutionResult'],
      work: 'schedule',
    },
    {
      executeType: 'variational_program',
      payloadField: 'variational_program_payload',
      payloadObject: 'VariationalProgramPayload',
      functionalField: 'variational_program',
      functionalKind: 'functional object',
      readout: false,
      resultField: 'variational_program_result',
      jobType: 'variational',
      label: 'Variational program',
      functionalTags: ['!VariationalProgram'],
      resultTags: ['!VariationalProgramResult'],
      work: null,
    },
    {
      executeType: 'rabi_experiment',
      payloadField: 'rabi_experiment_payload',
      payloadObject: 'RabiExperimentPayload',
      functionalField: 'rabi_experiment',
      functionalKind: 'experiment object',
      readout: false,
      resultField: 'rabi_experiment_result',
      jobType: 'pulse',
      label: 'Rabi experiment',
      functionalTags: ['!RabiExperiment'],
      resultTags: ['!RabiExperimentResult'],
      work: 'experiment',
    },
    {
      executeType: 't1_experiment',
      payloadField: 't1_experiment_payload',
      payloadObject: 'T1ExperimentPayload',
      functionalField: 't1_experiment',
      functionalKind: 'experiment object',
      readout: false,
      resultField: 't1_experiment_result',
      jobType: 'pulse',
      label: 'T1 experiment',
      functionalTags: ['!T1Experiment'],
      resultTags: ['!T1ExperimentResult'],
      work: 'experiment',
    },
  ],
  readouts: [],
  resultFields: [
    'sampling_result',
    'time_evolution_result',
    'variational_program_result',
    'rabi_experiment_result',
    't1_experiment_result',
  ],
  jobTypes: ['digital', 'pulse', 'analog', 'variational'],
  issuedAt: 'string',
  jobIdMessage: false,
  jobInfoStatusRequired: true,
  jobDetailJobType: true,
} as const satisfies VariantDeclaration;

export const VARIANTS = { A: VARIANT_A, B: VARIANT_B } as const;
export type VariantDecl<V extends VariantId> = (typeof VARIANTS)[V];

/** The declared execute kinds of a variant, each with its literal facts. */
export type ExecuteKindOf<V extends VariantId> = VariantDecl<V>['executeKinds'][number];
export type ExecuteTypeOf<V extends VariantId> = ExecuteKindOf<V>['executeType'];
export type ExecuteType = ExecuteTypeOf<'A'> | ExecuteTypeOf<'B'>;
export type FunctionalFieldOf<V extends VariantId> = ExecuteKindOf<V>['functionalField'];
/** The tags a functional object of `V` may carry. */
export type FunctionalTagOf<V extends VariantId> = ExecuteKindOf<V>['functionalTags'][number];
export type ReadoutTagOf<V extends VariantId> = VariantDecl<V>['readouts'][number]['tag'];
/** The tags a result of `V` may carry: those of its execute types and of its readouts. */
export type ResultTagOf<V extends VariantId> =
  ExecuteKindOf<V>['resultTags'][number] | VariantDecl<V>['readouts'][number]['resultTag'];
export type ResultTag = ResultTagOf<'A'> | ResultTagOf<'B'>;
/** A tag's name without its `!` (`!SamplingResult` → `SamplingResult`), as the SDK's classes are named. */
export type TagName<T extends DialectTag> = T extends `!${infer N}` ? N : never;
export type ResultFieldOf<V extends VariantId> = VariantDecl<V>['resultFields'][number];
export type PayloadFieldOf<V extends VariantId> =
  VariantDecl<V>['executeKinds'][number]['payloadField'];
export type JobTypeOf<V extends VariantId> = VariantDecl<V>['jobTypes'][number];
export type JobType = JobTypeOf<'A'> | JobTypeOf<'B'>;

/**
 * A table with one entry for every declared execute type of each variant. Declare a table as
 * `PerExecuteType<X>` (or check it with `satisfies`) and the compiler names it when a type is
 * added to the declaration.
 */
export type PerExecuteType<X> = {
  readonly [V in VariantId]: { readonly [T in ExecuteTypeOf<V>]: X };
};

/** The entry of `table` for a type read from outside (a payload, a job), or undefined. */
export function entryFor<X>(
  table: PerExecuteType<X>,
  variant: VariantId,
  executeType: string,
): X | undefined {
  const row: Readonly<Partial<Record<string, X>>> = table[variant];
  return Object.hasOwn(row, executeType) ? row[executeType] : undefined;
}

/** Every result tag either variant declares, its execute types' and its readouts'. */
export const RESULT_TAGS: readonly ResultTag[] = [
  ...new Set(
    VARIANT_IDS.flatMap((id) => [
      ...VARIANTS[id].executeKinds.flatMap((k) => k.resultTags),
      ...VARIANTS[id].readouts.map((r) => r.resultTag),
    ]),
  ),
];

/** The execute kind for a type, or undefined when the variant has no such type. */
export function executeKind(id: VariantId, executeType: string): ExecuteKind | undefined {
  return VARIANTS[id].executeKinds.find((k) => k.executeType === executeType);
}

export function executeTypes(id: VariantId): readonly string[] {
  return VARIANTS[id].executeKinds.map((k) => k.executeType);
}

export function isVariantId(value: unknown): value is VariantId {
  return value === 'A' || value === 'B';
}
