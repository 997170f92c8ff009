/**
 * What one finished job tells about how long jobs take, from what this app saw of it:
 * `totalMs` from the service's own creation and completion times (one clock), and `runningMs`
 * from the status timeline the local store keeps (when the app first saw it running to when it
 * saw it end, also one clock: the app's). The wait before running is the difference, so the
 * two clocks are never mixed. `runningMs` is null when the app never saw the job running (it
 * started and ended between two looks, or the service's records carry no status).
 */
export interface DurationSample {
  deviceId: number;
  /** The job type (execute type) when known, else null. */
  kind: string | null;
  totalMs: number;
  runningMs: number | null;
}

/**
 * The durations of one device (or one device and job type), newest jobs only. `wait` is sorted
 * ascending and `total` is in the same order (pairs); `running` is sorted ascending on its own.
 * Plain arrays: the model crosses the IPC boundary as JSON.
 */
export interface DurationGroup {
  wait: number[];
  total: number[];
  running: number[];
}

export interface DeviceDurations {
  all: DurationGroup;
  kinds: Record<string, DurationGroup>;
}

/** Durations by device id (as a string key), then by job type. */
export interface DurationModel {
  devices: Record<string, DeviceDurations>;
  /** How many finished jobs it was built from, in all. */
  jobs: number;
}

/** The newest samples kept per group: the recent past predicts best, and the model stays small. */
export const MAX_SAMPLES_PER_GROUP = 200;

/**
 * Builds the model from samples given newest first: per device and per device and job type,
 * the newest MAX_SAMPLES_PER_GROUP, sorted for the quantile lookups. Samples with impossible
 * times (negative, not finite) are left out.
 */
export function buildDurationModel(samples: Iterable<DurationSample>): DurationModel {
  const raw = new Map<number, { all: DurationSample[]; kinds: Map<string, DurationSample[]> }>();
  let jobs = 0;
  for (const s of samples) {
    if (!(s.totalMs >= 0) || !Number.isFinite(s.totalMs)) continue;
    const running =
      s.runningMs !== null && s.runningMs >= 0 && s.runningMs <= s.totalMs ? s.runningMs : null;
    const sample = running === s.runningMs ? s : { ...s, runningMs: running };
    let device = raw.get(s.deviceId);
    if (!device) {
      device = { all: [], kinds: new Map() };
      raw.set(s.deviceId, device);
    }
    let used = false;
    if (device.all.length < MAX_SAMPLES_PER_GROUP) {
      device.all.push(sample);
      used = true;
    }
    if (s.kind !== null) {
      let list = device.kinds.get(s.kind);
      if (!list) device.kinds.set(s.kind, (list = []));
      if (list.length < MAX_SAMPLES_PER_GROUP) {
        list.push(sample);
        used = true;
      }
    }
    if (used) jobs++;
  }
  const devices: Record<string, DeviceDurations> = {};
  for (const [id, device] of raw) {
    const kinds: Record<string, DurationGroup> = {};
    for (const [kind, list] of device.kinds) kinds[kind] = toGroup(list);
    devices[String(id)] = { all: toGroup(device.all), kinds };
  }
  return { devices, jobs };
}

/** The wait before running: the whole time when the running part was not seen. */
export function waitOf(s: DurationSample): number {
  return s.runningMs === null ? s.totalMs : s.totalMs - s.runningMs;
}

function toGroup(samples: readonly DurationSample[]): DurationGroup {
  const order = samples.map((_, i) => i).sort((a, b) => waitOf(samples[a]!) - waitOf(samples[b]!));
  const running: number[] = [];
  for (const s of samples) if (s.runningMs !== null) running.push(s.runningMs);
  return {
    wait: order.map((i) => waitOf(samples[i]!)),
    total: order.map((i) => samples[i]!.totalMs),
    running: running.sort((a, b) => a - b),
  };
}
