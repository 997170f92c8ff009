/**
 * The contract between the simulator's HTTP side and its physics engine. Other parts of the
 * simulator code against these names; keep them stable.
 */

export type VariantId = 'A' | 'B';

/** Per-qubit calibration of a simulated device, in the units a device description shows. */
export interface QubitParams {
  /** Rabi frequency f_R of the calibrated drive, MHz (Ω = 2π·f_R). */
  rabiRateMHz: number;
  /** Energy relaxation time, µs. */
  t1Us: number;
  /** Dephasing (Ramsey) time, µs. */
  t2Us: number;
  /** Readout point of |0⟩ in the IQ plane (arbitrary units, as s21). */
  ground: { re: number; im: number };
  /** Readout point of |1⟩ in the IQ plane. */
  excited: { re: number; im: number };
  /** Probability that one shot reads the wrong bit on this qubit (0..0.5). */
  readoutError: number;
}

export interface PhysicalDevice {
  code: string;
  type: 'simulator' | 'qpu.digital' | 'qpu.analog';
  nqubits: number;
  /** true: no readout error and no measurement noise (the `simulator` device). */
  exact: boolean;
  qubits: QubitParams[];
}

export interface EngineLimits {
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
   * Widest time evolution: the integrator keeps ~10 state vectors alive, so this is lower than
   * `maxQubits`. A reservoir is a density matrix on 2n qubits and so gets half of it. Default 20.
   */
  maxEvolutionQubits?: number;
  /** Most adaptive integrator steps in one evolution (guards against stiff schedules). */
  maxIntegratorSteps?: number;
}

export const DEFAULT_ENGINE_LIMITS: Readonly<Required<EngineLimits>> = Object.freeze({
  maxQubits: 24,
  maxShots: 1_000_000,
  maxTimeSteps: 100_000,
  maxIterations: 1_000,
  maxTomographyQubits: 10,
  maxEvolutionQubits: 20,
  maxIntegratorSteps: 2_000_000,
});

export interface EngineJob {
  variant: VariantId;
  /** e.g. 'sampling', 'digital_propagation', 'experiment' */
  executeType: string;
  /** The functional/experiment object exactly as sent on the wire: a tagged YAML string. */
  functionalYaml: string;
  /** Variant A only (not for experiments): YAML string of one readout or a list of them. */
  readoutYaml?: string;
  /** Where the functional object sits in the user's ExecutePayload, e.g. 'sampling_payload.sampling'. */
  pathPrefix: string;
  /** e.g. 'digital_propagation_payload.readout' */
  readoutPathPrefix?: string;
  device: PhysicalDevice;
  seed: number;
  limits: EngineLimits;
}

export type EngineOutcome =
  | { ok: true; resultField: string; resultYaml: string }
  | { ok: false; error: string; errorLogs: string };

/** Emitted as work proceeds, e.g. "shot batch 3/10", "t = 2.5/10", "iteration 12/50, cost -0.93". */
export interface EngineProgress {
  fraction: number;
  message: string;
}
