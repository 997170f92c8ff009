import type { DeviceType } from '../../../shared/variants';
import type { WorkKind } from '../editor/analysis/payload-facts';

/**
 * Which work each device type runs (docs/payload-dialect.md, "Devices and physics"): digital QPUs run
 * circuits, analog QPUs schedules and reservoirs, both run experiments, the simulator all of it.
 */
const RUNS: Record<DeviceType, readonly WorkKind[]> = {
  'qpu.digital': ['circuit', 'experiment'],
  'qpu.analog': ['schedule', 'experiment'],
  simulator: ['circuit', 'schedule', 'experiment'],
};

/** Unknown work (a payload we cannot classify) fits everywhere: the service has the last word. */
export function deviceFits(type: DeviceType, work: WorkKind | null): boolean {
  return work === null || RUNS[type].includes(work);
}

export const WORK_LABEL: Record<WorkKind, string> = {
  circuit: 'a circuit',
  schedule: 'a schedule',
  experiment: 'an experiment',
};
