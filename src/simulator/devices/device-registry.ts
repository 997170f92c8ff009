import type { Device, DeviceStatus } from '../../shared/variants';
import type { SimClock } from '../clock';
import type { DeviceSpec } from './catalogue';
import { describeDevice } from './description';
import { nextChangeAfter, planFor, statusAt, windowAround } from './schedule';
import type { StatusPlan } from './schedule';

/** How far ahead (simulated seconds) a coming maintenance window is announced. */
const ANNOUNCE_AHEAD = 24 * 3600;

interface Entry {
  spec: DeviceSpec;
  plan: StatusPlan;
  description: string;
}

/**
 * The fleet at the current simulated time. Statuses are computed from elapsed simulated time and
 * the seed, never stored, so they are deterministic and a test can predict them.
 */
export class DeviceRegistry {
  private readonly entries: Entry[];

  constructor(
    specs: readonly DeviceSpec[],
    seed: number,
    private readonly clock: SimClock,
  ) {
    this.entries = specs.map((spec) => ({
      spec,
      plan: planFor(spec.schedule, seed, spec.code),
      description: describeDevice(spec),
    }));
  }

  /** The Device records of `GET /devices` (spec §2.3 plus the integer `id` job records use). */
  list(): Device[] {
    return this.entries.map((e) => this.toDevice(e));
  }

  byCode(code: string): DeviceSpec | undefined {
    return this.entries.find((e) => e.spec.code === code)?.spec;
  }

  byId(id: number): DeviceSpec | undefined {
    return this.entries.find((e) => e.spec.id === id)?.spec;
  }

  codes(): string[] {
    return this.entries.map((e) => e.spec.code);
  }

  status(code: string): DeviceStatus {
    const entry = this.entry(code);
    return statusAt(entry.plan, this.clock.elapsedSeconds());
  }

  /** Wall-clock milliseconds until the device's status next changes, or null if it never will. */
  msUntilChange(code: string): number | null {
    const now = this.clock.elapsedSeconds();
    const next = nextChangeAfter(this.entry(code).plan, now);
    return next === null ? null : this.clock.realMs(next - now);
  }

  /**
   * A notice for someone submitting to the device now (Variant A's JobId `message`): the
   * device is unavailable until a time, or a maintenance window is coming. Null when neither.
   */
  notice(code: string): string | null {
    const { spec, plan } = this.entry(code);
    const now = this.clock.elapsedSeconds();
    const around = windowAround(plan, now);
    if (!around) return null;
    const { window, current } = around;
    const at = (t: number) => formatWallTime(this.clock.wallTimeAt(t));
    const who = `${spec.name} (${spec.code})`;
    if (current) {
      return `${who} is ${window.status === 'offline' ? 'offline' : 'in maintenance'} until ${at(window.to)}; the job waits in the device's queue until then.`;
    }
    if (window.from - now > ANNOUNCE_AHEAD) return null;
    return `Scheduled maintenance of ${who} from ${at(window.from)} to ${at(window.to)}; jobs queued during the window wait until it ends.`;
  }

  private entry(code: string): Entry {
    const entry = this.entries.find((e) => e.spec.code === code);
    if (!entry) throw new Error(`unknown device ${code}`);
    return entry;
  }

  private toDevice(entry: Entry): Device {
    const { spec } = entry;
    return {
      id: spec.id,
      code: spec.code,
      name: spec.name,
      description: entry.description,
      type: spec.type,
      nqubits: spec.physical.nqubits,
      status: statusAt(entry.plan, this.clock.elapsedSeconds()),
    };
  }
}

function formatWallTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
