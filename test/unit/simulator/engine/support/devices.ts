import { DEFAULT_ENGINE_LIMITS } from '../../../../../src/simulator/engine';
import type {
  EngineJob,
  PhysicalDevice,
  QubitParams,
  VariantId,
} from '../../../../../src/simulator/engine';

/** A transmon-like qubit: f_R = 12.5 MHz (π pulse 40 ns), T1 = 35 µs, T2 = 25 µs. */
export const QUBIT: QubitParams = {
  rabiRateMHz: 12.5,
  t1Us: 35,
  t2Us: 25,
  ground: { re: 0.8, im: -0.3 },
  excited: { re: -0.2, im: 0.6 },
  readoutError: 0.03,
};

function device(
  code: string,
  type: PhysicalDevice['type'],
  nqubits: number,
  exact: boolean,
): PhysicalDevice {
  return {
    code,
    type,
    nqubits,
    exact,
    qubits: Array.from({ length: nqubits }, () => ({ ...QUBIT })),
  };
}

export const SIMULATOR = device('SIM-24', 'simulator', 24, true);
export const QPU_DIGITAL = device('QPU-D5', 'qpu.digital', 5, false);
export const QPU_ANALOG = device('QPU-A4', 'qpu.analog', 4, false);

export interface JobSpec {
  variant?: VariantId;
  executeType?: string;
  functionalYaml: string;
  readoutYaml?: string;
  pathPrefix?: string;
  readoutPathPrefix?: string;
  device?: PhysicalDevice;
  seed?: number;
}

/** An EngineJob with test defaults: Variant B sampling on the exact simulator, seed 7. */
export function makeJob(spec: JobSpec): EngineJob {
  const executeType = spec.executeType ?? 'sampling';
  return {
    variant: spec.variant ?? 'B',
    executeType,
    functionalYaml: spec.functionalYaml,
    readoutYaml: spec.readoutYaml,
    pathPrefix: spec.pathPrefix ?? `${executeType}_payload.${executeType}`,
    readoutPathPrefix: spec.readoutPathPrefix ?? `${executeType}_payload.readout`,
    device: spec.device ?? SIMULATOR,
    seed: spec.seed ?? 7,
    limits: { ...DEFAULT_ENGINE_LIMITS },
  };
}
