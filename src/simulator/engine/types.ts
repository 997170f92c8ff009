/**
 * The contract between the simulator's HTTP side and its physics engine. Other parts of the
 * simulator code against these names; keep them stable.
 */
import { DEFAULT_DIALECT_LIMITS } from '../../shared/dialect/job-input';
import type { DialectDevice, DialectJob, DialectLimits } from '../../shared/dialect/job-input';
export type { VariantId } from '../../shared/variants/declaration';

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

export interface PhysicalDevice extends DialectDevice {
  /** true: no readout error and no measurement noise (the `simulator` device). */
  exact: boolean;
  qubits: QubitParams[];
}

/** The payload dialect's limits are the engine's (`src/shared/dialect/job-input.ts`). */
export type EngineLimits = DialectLimits;
export const DEFAULT_ENGINE_LIMITS = DEFAULT_DIALECT_LIMITS;

/** A job for the engine: the dialect's job (`DialectJob`) on a simulated device, with its seed. */
export interface EngineJob extends DialectJob {
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
