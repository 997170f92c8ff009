/**
 * The tables of spec §2, copied by hand from seeds/000_f3fdc59ba3e888bb.txt so the tests check
 * the declarations against the specification rather than against themselves.
 */
export const SPEC = {
  deviceTypes: ['qpu.analog', 'qpu.digital', 'simulator'],
  deviceStatuses: ['online', 'maintenance', 'offline'],
  jobStatuses: [
    'pending',
    'validating',
    'queued',
    'running',
    'completed',
    'error',
    'cancelled',
    'timeout',
  ],
  A: {
    executeTypes: [
      'digital_propagation',
      'analog_evolution',
      'quantum_reservoir',
      'variational_program',
      'experiment',
    ],
    jobTypes: ['digital', 'pulse', 'analog', 'quantum_reservoir', 'variational'],
    // §2.5 / §2.6: payload field, inner field, readout required
    payloads: [
      ['digital_propagation', 'digital_propagation_payload', 'digital_propagation', true],
      ['analog_evolution', 'analog_evolution_payload', 'analog_evolution', true],
      ['quantum_reservoir', 'quantum_reservoir_payload', 'quantum_reservoir', true],
      ['variational_program', 'variational_program_payload', 'variational_program', true],
      ['experiment', 'experiment_payload', 'experiment', false],
    ],
    resultFields: ['functional_result', 'variational_program_result', 'experiment_result'],
  },
  B: {
    executeTypes: [
      'sampling',
      'time_evolution',
      'variational_program',
      'rabi_experiment',
      't1_experiment',
    ],
    jobTypes: ['digital', 'pulse', 'analog', 'variational'],
    payloads: [
      ['sampling', 'sampling_payload', 'sampling', false],
      ['time_evolution', 'time_evolution_payload', 'time_evolution', false],
      ['variational_program', 'variational_program_payload', 'variational_program', false],
      ['rabi_experiment', 'rabi_experiment_payload', 'rabi_experiment', false],
      ['t1_experiment', 't1_experiment_payload', 't1_experiment', false],
    ],
    resultFields: [
      'sampling_result',
      'time_evolution_result',
      'variational_program_result',
      'rabi_experiment_result',
      't1_experiment_result',
    ],
  },
} as const;

export type PayloadRow = readonly [
  executeType: string,
  payloadField: string,
  functionalField: string,
  readout: boolean,
];

/** The paths of a failed zod parse, joined with dots. */
export function issuePaths(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[] }[] };
}): string[] {
  return (result.error?.issues ?? []).map((i) => i.path.map(String).join('.'));
}
