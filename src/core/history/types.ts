import type { DeviceStatus } from '../../shared/variants';

/**
 * One thing this app saw about a device: a status it was in, or a notice about it (Variant A's
 * job handle `message`, e.g. a maintenance announcement), first seen at `at`, last seen at
 * `lastAt` (a status stays one entry while it lasts; a notice seen again is not kept twice).
 */
export interface DeviceHistoryEntry {
  kind: 'status' | 'message';
  value: string;
  /** ISO 8601 UTC. */
  at: string;
  lastAt: string;
}

/** What a device list said about one device. */
export interface DeviceSighting {
  code: string;
  status: DeviceStatus;
}

/** Entries kept per device and kind; the oldest go first. About a month of 15 s refreshes. */
export const MAX_ENTRIES_PER_DEVICE = 2_000;

/**
 * Every device status change and every notice about a device that the app saw, per profile key
 * (see `profileCacheKey`), deduplicated and bounded (MAX_ENTRIES_PER_DEVICE).
 */
export interface DeviceHistoryStore {
  readonly persistent: boolean;
  /** A device list as the service answered it at `at`. */
  recordStatuses(profile: string, devices: readonly DeviceSighting[], at: string): void;
  /** A notice about a device, seen at `at`. */
  recordMessage(profile: string, code: string, message: string, at: string): void;
  /**
   * A device's entries that reach into [since, …), oldest first: every status seen since, the
   * one in force at `since`, and every notice last seen since.
   */
  entries(profile: string, code: string, since: string): DeviceHistoryEntry[];
}
