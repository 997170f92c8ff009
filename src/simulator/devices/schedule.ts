import type { DeviceStatus } from '../../shared/variants';
import { mixSeed, seededRandom } from '../random';

/** A span of simulated seconds during which a device is not online. */
export interface StatusWindow {
  from: number;
  to: number;
  status: Exclude<DeviceStatus, 'online'>;
}

/**
 * When a device is unavailable. Outside its windows a device is online. With `repeatEvery`,
 * the windows recur with that period (simulated seconds), like a weekly maintenance slot.
 */
export interface StatusPlan {
  windows: StatusWindow[];
  repeatEvery?: number;
}

/** The kinds of schedule the catalogue assigns; the exact times come from the seed. */
export type ScheduleKind =
  'always-online' | 'maintenance-window' | 'back-from-maintenance' | 'back-online';

const MINUTE = 60;
const HOUR = 3600;

/** A deterministic plan: the same seed and device always give the same windows. */
export function planFor(kind: ScheduleKind, seed: number, code: string): StatusPlan {
  const random = seededRandom(mixSeed(seed, code, kind));
  const between = (lo: number, hi: number) => Math.round(lo + (hi - lo) * random());
  switch (kind) {
    case 'always-online':
      return { windows: [] };
    case 'maintenance-window': {
      const from = between(30 * MINUTE, 60 * MINUTE);
      return {
        windows: [{ from, to: from + between(15 * MINUTE, 30 * MINUTE), status: 'maintenance' }],
        repeatEvery: 8 * HOUR,
      };
    }
    case 'back-from-maintenance':
      return {
        windows: [{ from: 0, to: between(5 * MINUTE, 15 * MINUTE), status: 'maintenance' }],
      };
    case 'back-online':
      return { windows: [{ from: 0, to: between(2 * HOUR, 4 * HOUR), status: 'offline' }] };
  }
}

/** The window in force at `t`, or else the next one to come (absolute simulated seconds). */
export function windowAround(
  plan: StatusPlan,
  t: number,
): { window: StatusWindow; current: boolean } | null {
  let best: { window: StatusWindow; current: boolean } | null = null;
  for (const w of instancesNear(plan, t)) {
    if (w.from <= t && t < w.to) return { window: w, current: true };
    if (w.from > t && (best === null || w.from < best.window.from))
      best = { window: w, current: false };
  }
  return best;
}

export function statusAt(plan: StatusPlan, t: number): DeviceStatus {
  const around = windowAround(plan, t);
  return around?.current ? around.window.status : 'online';
}

/** The next simulated second after `t` at which the status changes, or null if it never does. */
export function nextChangeAfter(plan: StatusPlan, t: number): number | null {
  let next: number | null = null;
  for (const w of instancesNear(plan, t)) {
    for (const edge of [w.from, w.to]) {
      if (edge > t && (next === null || edge < next)) next = edge;
    }
  }
  return next;
}

/** The windows of the current and the next period: enough to answer any question about `t`. */
function instancesNear(plan: StatusPlan, t: number): StatusWindow[] {
  if (!plan.repeatEvery) return plan.windows;
  const period = plan.repeatEvery;
  const k = Math.max(0, Math.floor(t / period));
  return [k - 1, k, k + 1]
    .filter((n) => n >= 0)
    .flatMap((n) =>
      plan.windows.map((w) => ({ ...w, from: w.from + n * period, to: w.to + n * period })),
    );
}
