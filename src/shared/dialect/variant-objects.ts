import type { FunctionalTagOf, ReadoutTagOf } from '../variants/declaration';
import { field, optional } from './object-decl';
import type { ObjectDecl } from './object-decl';

/*
 * The objects of the tags a variant's execute types carry (declaration.ts holds what both
 * variants share, and puts each variant's dialect together): Variant B's functionals, Variant
 * A's functionals, readouts and reservoir layer.
 */

/** The SDK's circuit classes a circuit field may hold. */
const CIRCUIT_TAGS: readonly string[] = ['!Circuit', '!HardwareEfficientAnsatz'];

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

export const B_FUNCTIONALS: DeclsOf<FunctionalTagOf<'B'>> = {
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

export const A_READOUTS: DeclsOf<ReadoutTagOf<'A'>> = {
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
export const RESERVOIR_LAYER: ObjectDecl = {
  tag: '!ReservoirLayer',
  doc: 'one layer of a reservoir',
  fields: [
    optional('input_encoding', 'a circuit holding !Parameter inputs', '', { tags: ['!Circuit'] }),
    optional('evolution_dynamics', 'fixed dynamics', '', { tags: ['!Schedule'] }),
    optional('output_encoding', 'a circuit run after the dynamics', '', { tags: ['!Circuit'] }),
    optional('qubits_to_reset', 'qubits reset after the layer (after the readouts)', '[0]'),
  ],
};

export const A_FUNCTIONALS: DeclsOf<FunctionalTagOf<'A'>> = {
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
