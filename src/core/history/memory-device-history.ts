import type { DeviceHistoryEntry, DeviceHistoryStore, DeviceSighting } from './types';
import { MAX_ENTRIES_PER_DEVICE } from './types';

/** The device history in memory, when the local store could not be opened: kept until the app quits. */
export class MemoryDeviceHistory implements DeviceHistoryStore {
  readonly persistent = false;
  readonly #byDevice = new Map<string, DeviceHistoryEntry[]>();

  recordStatuses(profile: string, devices: readonly DeviceSighting[], at: string): void {
    for (const d of devices) this.#note(profile, d.code, 'status', d.status, at);
  }

  recordMessage(profile: string, code: string, message: string, at: string): void {
    this.#note(profile, code, 'message', message, at);
  }

  entries(profile: string, code: string, since: string): DeviceHistoryEntry[] {
    const all = this.#byDevice.get(key(profile, code)) ?? [];
    return pickSince(all, since).map((e) => ({ ...e }));
  }

  #note(
    profile: string,
    code: string,
    kind: DeviceHistoryEntry['kind'],
    value: string,
    at: string,
  ) {
    const k = key(profile, code);
    let list = this.#byDevice.get(k);
    if (!list) this.#byDevice.set(k, (list = []));
    const last = list.findLast((e) => e.kind === kind);
    if (last && last.value === value) {
      if (at > last.lastAt) last.lastAt = at;
      return;
    }
    list.push({ kind, value, at, lastAt: at });
    const ofKind = list.filter((e) => e.kind === kind);
    if (ofKind.length > MAX_ENTRIES_PER_DEVICE) list.splice(list.indexOf(ofKind[0]!), 1);
  }
}

function key(profile: string, code: string): string {
  return `${profile}\u0000${code}`;
}

/**
 * The entries reaching into [since, …): statuses from the one in force at `since`, notices
 * last seen since. Input and output oldest first.
 */
export function pickSince(all: readonly DeviceHistoryEntry[], since: string): DeviceHistoryEntry[] {
  let inForce = -1;
  all.forEach((e, i) => {
    if (e.kind === 'status' && e.at < since) inForce = i;
  });
  return all.filter((e, i) =>
    e.kind === 'status' ? i >= inForce && (i === inForce || e.at >= since) : e.lastAt >= since,
  );
}
