/**
 * Variant A and Variant B of the service's data model, each declared once as data (spec §9).
 * Every schema, the editor's JSON Schema, templates and UI labels are derived from these two
 * objects; nothing else in the code base branches on the variant's name.
 */

export const VARIANT_IDS = ['A', 'B'] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

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
}

export interface VariantDeclaration {
  readonly id: VariantId;
  readonly label: string;
  readonly executeKinds: readonly ExecuteKind[];
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
    },
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
    },
  ],
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

export type ExecuteTypeOf<V extends VariantId> =
  VariantDecl<V>['executeKinds'][number]['executeType'];
export type ExecuteType = ExecuteTypeOf<'A'> | ExecuteTypeOf<'B'>;
export type ResultFieldOf<V extends VariantId> = VariantDecl<V>['resultFields'][number];
export type PayloadFieldOf<V extends VariantId> =
  VariantDecl<V>['executeKinds'][number]['payloadField'];
export type JobTypeOf<V extends VariantId> = VariantDecl<V>['jobTypes'][number];
export type JobType = JobTypeOf<'A'> | JobTypeOf<'B'>;

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
