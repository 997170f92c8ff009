import type { DeviceType } from '../../shared/variants';
import type { PhysicalDevice, QubitParams } from '../engine/types';
import { mixSeed, seededRandom } from '../random';
import type { ScheduleKind } from './schedule';

/** One device of the simulated fleet: what the API shows, what the physics uses, when it is up. */
export interface DeviceSpec {
  id: number;
  code: string;
  name: string;
  type: DeviceType;
  /** What the hardware is, in a sentence; the qubit parameters are appended to it. */
  summary: string;
  physical: PhysicalDevice;
  /** Simulated seconds every run takes on top of the computation (loading, calibration, shots). */
  runOverheadSeconds: number;
  schedule: ScheduleKind;
}

interface QubitRanges {
  rabiRateMHz: [number, number];
  t1Us: [number, number];
  /** T2 as a fraction of 2·T1 (T2 ≤ 2·T1 always holds for a physical qubit). */
  t2OverTwoT1: [number, number];
  readoutError: [number, number];
}

/**
 * Per-qubit parameters drawn from fixed ranges with a seed tied to the device code, not to
 * `--seed`: a device keeps its calibration across sessions, as real hardware roughly does.
 */
function qubits(code: string, n: number, ranges: QubitRanges): QubitParams[] {
  const random = seededRandom(mixSeed('calibration', code));
  const pick = ([lo, hi]: [number, number], digits: number) =>
    Number((lo + (hi - lo) * random()).toFixed(digits));
  return Array.from({ length: n }, () => {
    const t1Us = pick(ranges.t1Us, 1);
    const angle = pick([0, 2 * Math.PI], 3);
    const radius = pick([0.8, 1.2], 3);
    const ground = {
      re: Number((radius * Math.cos(angle)).toFixed(3)),
      im: Number((radius * Math.sin(angle)).toFixed(3)),
    };
    const excited = {
      re: Number((-0.4 * ground.re - 0.3).toFixed(3)),
      im: Number((-0.4 * ground.im + 0.5).toFixed(3)),
    };
    return {
      rabiRateMHz: pick(ranges.rabiRateMHz, 2),
      t1Us,
      t2Us: Number((2 * t1Us * pick(ranges.t2OverTwoT1, 3)).toFixed(1)),
      ground,
      excited,
      readoutError: pick(ranges.readoutError, 4),
    };
  });
}

function ideal(n: number): QubitParams[] {
  return Array.from({ length: n }, () => ({
    rabiRateMHz: 10,
    t1Us: 100,
    t2Us: 150,
    ground: { re: 1, im: 0 },
    excited: { re: -1, im: 0 },
    readoutError: 0,
  }));
}

const TRANSMON: QubitRanges = {
  rabiRateMHz: [4, 8],
  t1Us: [35, 90],
  t2OverTwoT1: [0.3, 0.7],
  readoutError: [0.01, 0.04],
};

const NEUTRAL_ATOM: QubitRanges = {
  rabiRateMHz: [1, 3],
  t1Us: [200, 600],
  t2OverTwoT1: [0.2, 0.5],
  readoutError: [0.02, 0.06],
};

function device(
  spec: Omit<DeviceSpec, 'physical'> & { nqubits: number; exact: boolean; params: QubitParams[] },
): DeviceSpec {
  const { nqubits, exact, params, ...rest } = spec;
  return {
    ...rest,
    physical: { code: spec.code, type: spec.type, nqubits, exact, qubits: params },
  };
}

/**
 * The simulated fleet: an exact simulator, noisy digital and analog processors, one starting in
 * maintenance and one offline. Ids are stable: job records refer to them by `device_id`.
 */
export const CATALOGUE: readonly DeviceSpec[] = [
  device({
    id: 1,
    code: 'sim.statevector',
    name: 'State-vector simulator',
    type: 'simulator',
    summary: 'Exact state-vector simulator: no noise, no readout error; runs every kind of job.',
    nqubits: 24,
    exact: true,
    params: ideal(24),
    runOverheadSeconds: 0.5,
    schedule: 'always-online',
  }),
  device({
    id: 2,
    code: 'qpu.digital.sirius',
    name: 'Sirius',
    type: 'qpu.digital',
    summary:
      'Superconducting digital processor (simulated, with noise and readout error); runs circuits and experiments. Has a recurring maintenance window.',
    nqubits: 5,
    exact: false,
    params: qubits('qpu.digital.sirius', 5, TRANSMON),
    runOverheadSeconds: 2,
    schedule: 'maintenance-window',
  }),
  device({
    id: 3,
    code: 'qpu.analog.vega',
    name: 'Vega',
    type: 'qpu.analog',
    summary:
      'Neutral-atom analog processor (simulated, with noise and readout error); runs schedules, reservoirs and experiments.',
    nqubits: 8,
    exact: false,
    params: qubits('qpu.analog.vega', 8, NEUTRAL_ATOM),
    runOverheadSeconds: 3,
    schedule: 'always-online',
  }),
  device({
    id: 4,
    code: 'qpu.digital.altair',
    name: 'Altair',
    type: 'qpu.digital',
    summary:
      'Superconducting digital processor (simulated, with noise and readout error); in maintenance at start, back online shortly.',
    nqubits: 7,
    exact: false,
    params: qubits('qpu.digital.altair', 7, TRANSMON),
    runOverheadSeconds: 2,
    schedule: 'back-from-maintenance',
  }),
  device({
    id: 5,
    code: 'qpu.analog.deneb',
    name: 'Deneb',
    type: 'qpu.analog',
    summary:
      'Neutral-atom analog processor (simulated, with noise and readout error); offline at start, back online after a few hours.',
    nqubits: 4,
    exact: false,
    params: qubits('qpu.analog.deneb', 4, NEUTRAL_ATOM),
    runOverheadSeconds: 3,
    schedule: 'back-online',
  }),
];
