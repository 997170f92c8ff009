import type { DeviceType } from '../variants/enums';
import type { VariantId } from '../variants/declaration';

/** The device a payload is checked against: its kind of work and its width. */
export interface DialectDevice {
  code: string;
  type: DeviceType;
  nqubits: number;
}

/** How much work the simulator takes on in one job; each limit is a setting of the simulator. */
export interface DialectLimits {
  /** Widest state vector (qubits) for circuits and sampling. Default 24. */
  maxQubits: number;
  /** Most shots (and experiment averages) in one job. */
  maxShots: number;
  /** Most recorded time points of a schedule (T/dt) and most points of an experiment sweep. */
  maxTimeSteps: number;
  /** Most optimiser iterations, and most reservoir inputs. */
  maxIterations: number;
  /** Widest state a tomography readout or a `final_state` may return. Default 10. */
  maxTomographyQubits: number;
  /**
   * Widest time evolution: the integrator keeps four state vectors alive, plus one per
   * labelled Hamiltonian and one per recorded time inside a step (at most 8 and 64 MiB), so this
   * is lower than `maxQubits`. A reservoir is a density matrix on 2n qubits and so gets half of
   * it. Default 20.
   */
  maxEvolutionQubits?: number;
  /**
   * Most adaptive integrator steps (accepted and redone) in one evolution: guards against
   * schedules whose fast dynamics would run for hours. A step covers h·‖H‖ ≈ 6.
   */
  maxIntegratorSteps?: number;
  /**
   * Most memory an evolution may need (MiB): four state vectors and a vector per labelled
   * Hamiltonian (evolution-limits.ts). Default 1024: at 20 qubits, about 120 labels.
   */
  maxEvolutionMemoryMiB?: number;
  /** Most Pauli terms over an evolution's Hamiltonians (each applied at every step). */
  maxHamiltonianTerms?: number;
  /**
   * Most values a result may hold, known before the run (recorded times × observables, and
   * readouts per recorded time). Default 1,000,000: about 25 MB of YAML.
   */
  maxResultValues?: number;
}

export const DEFAULT_DIALECT_LIMITS: Readonly<Required<DialectLimits>> = Object.freeze({
  maxQubits: 24,
  maxShots: 1_000_000,
  maxTimeSteps: 100_000,
  maxIterations: 1_000,
  maxTomographyQubits: 10,
  maxEvolutionQubits: 20,
  maxIntegratorSteps: 2_000_000,
  maxEvolutionMemoryMiB: 1024,
  maxHamiltonianTerms: 100_000,
  maxResultValues: 1_000_000,
});

/**
 * No simulator limit at all: what compile reads with, since the payload goes to a service whose
 * devices, not this simulator's settings, decide what runs (the editor still warns of them).
 */
export const NO_SIMULATOR_LIMITS: Readonly<Required<DialectLimits>> = Object.freeze({
  maxQubits: Infinity,
  maxShots: Infinity,
  maxTimeSteps: Infinity,
  maxIterations: Infinity,
  maxTomographyQubits: Infinity,
  maxEvolutionQubits: Infinity,
  maxIntegratorSteps: Infinity,
  maxEvolutionMemoryMiB: Infinity,
  maxHamiltonianTerms: Infinity,
  maxResultValues: Infinity,
});

/** A job as the simulator receives it: each functional object and readout as its YAML text. */
export interface DialectJob {
  variant: VariantId;
  /** e.g. 'sampling', 'digital_propagation', 'experiment' */
  executeType: string;
  /** The functional/experiment object exactly as sent on the wire: a tagged YAML string. */
  functionalYaml: string;
  /** Variant A only (not for experiments): YAML string of one readout or a list of them. */
  readoutYaml?: string | undefined;
  /** Where the functional object sits in the user's ExecutePayload, e.g. 'sampling_payload.sampling'. */
  pathPrefix: string;
  /** e.g. 'digital_propagation_payload.readout' */
  readoutPathPrefix?: string | undefined;
  device: DialectDevice;
  limits: Partial<DialectLimits>;
  /** Read the SDK's form only, refusing the friendly dialect (the simulator's `sdkOnly` switch). */
  sdkOnly?: boolean;
}
