import type { DeviceType, WorkKind } from '../variants';

/** What kind of work a payload asks a device to do (its execute type's `work`, or its tags). */
export type { WorkKind };

/**
 * Which work each device type runs: digital QPUs run circuits, analog QPUs schedules and
 * reservoirs, both run experiments, the simulator all of it.
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

/** What the pick needs to know of a device. */
export interface PickableDevice {
  code: string;
  type: DeviceType;
  status: string;
}

/**
 * The device the pre-flight picks among those that fit a payload: the one the document names
 * as written for (`# device:` in its header, as the templates do) when it is online; else the
 * one already picked while it fits; else the first online simulator, the first online device,
 * or the first at all. Null when nothing fits.
 */
export function pickDevice(
  fitting: readonly PickableDevice[],
  current: string | null,
  preferred: string | null = null,
): string | null {
  const online = (d: PickableDevice) => d.status === 'online';
  const wanted = preferred === null ? undefined : fitting.find((d) => d.code === preferred);
  if (wanted && online(wanted)) return wanted.code;
  if (current !== null && fitting.some((d) => d.code === current)) return current;
  const best =
    fitting.find((d) => online(d) && d.type === 'simulator') ?? fitting.find(online) ?? fitting[0];
  return best?.code ?? null;
}
