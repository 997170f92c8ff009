import type { JobDetail } from '../../../../src/shared/variants';
import { rabiA, rabiB, t1A, t1B } from '../../renderer/features/result-viewers/fixtures';

/*
 * Stored job details of Rabi and T1 jobs in both variants, as the job store keeps them
 * (payload and result fields are YAML strings), for the drift tests.
 */

const WAITS = Array.from({ length: 41 }, (_, i) => i * 5000);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();

interface Options {
  id: number;
  minute: number;
  qubit?: number;
  deviceId?: number;
  status?: JobDetail['status'];
}

function base({ id, minute, deviceId = 7, status = 'completed' }: Options) {
  return {
    id,
    name: `job ${id}`,
    description: '',
    device_id: deviceId,
    status,
    created_at: at(minute - 1),
    updated_at: at(minute),
    completed_at: status === 'completed' ? at(minute) : null,
  };
}

/** A Variant B T1 job whose fitted T1 is near `t1Ns`. */
export function t1JobB(o: Options & { t1Ns?: number; result?: string | null }): JobDetail {
  return {
    ...base(o),
    jobType: 'pulse',
    payload: {
      type: 't1_experiment',
      t1_experiment_payload: {
        t1_experiment: `!T1Experiment\nqubit_id: ${o.qubit ?? 0}\npulse_duration: 254\ndelay_between_pulses: 2000000\nwait_times: [${WAITS.join(', ')}]\n`,
      },
    },
    result:
      o.result === null
        ? null
        : { type: 't1_experiment', t1_experiment_result: o.result ?? t1B(41, 5000, o.t1Ns) },
  } as JobDetail;
}

export function rabiJobB(o: Options): JobDetail {
  return {
    ...base(o),
    jobType: 'pulse',
    payload: {
      type: 'rabi_experiment',
      rabi_experiment_payload: {
        rabi_experiment: `!RabiExperiment\nqubit_id: ${o.qubit ?? 0}\ndrive_pulse_duration: [0, 4, 8]\n`,
      },
    },
    result: { type: 'rabi_experiment', rabi_experiment_result: rabiB() },
  } as JobDetail;
}

/** A Variant A `experiment` job: the payload's tag says T1 or Rabi; `payload: false` leaves it out. */
export function experimentJobA(
  o: Options & { experiment: 't1' | 'rabi'; payload?: boolean },
): JobDetail {
  const tag = o.experiment === 't1' ? '!T1Experiment' : '!RabiExperiment';
  const sweep = o.experiment === 't1' ? 'wait_duration_values' : 'drive_duration_values';
  return {
    ...base(o),
    payload:
      o.payload === false
        ? null
        : {
            type: 'experiment',
            experiment_payload: {
              experiment: `${tag}\nqubit: ${o.qubit ?? 0}\naverages: 2000\n${sweep}: [0, 8000]\n`,
            },
          },
    result: {
      type: 'experiment',
      experiment_result: o.experiment === 't1' ? t1A() : rabiA(),
    },
  } as JobDetail;
}

export function samplingJobB(o: Options): JobDetail {
  return {
    ...base(o),
    jobType: 'digital',
    payload: { type: 'sampling', sampling_payload: { sampling: '!SamplingJob\nnshots: 10\n' } },
    result: { type: 'sampling', sampling_result: '!SamplingResult\nnshots: 10\n' },
  } as JobDetail;
}
