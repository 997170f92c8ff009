import type { DeviceHistoryEntry } from './types';

/**
 * One device history from several stores (the desktop app's, browser mode's, the CLI's), oldest
 * first: a status that another store saw too becomes one entry spanning both sightings, and a
 * notice is listed once, from its first to its last sighting.
 */
export function mergeDeviceHistories(lists: readonly DeviceHistoryEntry[][]): DeviceHistoryEntry[] {
  const all = lists
    .flat()
    .map((e) => ({ ...e }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const out: DeviceHistoryEntry[] = [];
  let status: DeviceHistoryEntry | null = null;
  const notices = new Map<string, DeviceHistoryEntry>();
  for (const e of all) {
    if (e.kind === 'message') {
      const seen = notices.get(e.value);
      if (seen) {
        if (e.lastAt > seen.lastAt) seen.lastAt = e.lastAt;
        continue;
      }
      notices.set(e.value, e);
    } else if (status && status.value === e.value) {
      if (e.lastAt > status.lastAt) status.lastAt = e.lastAt;
      continue;
    } else if (status && status.lastAt > e.at) {
      // Another store saw the earlier status still going on after this change: it ends here.
      status.lastAt = e.at;
    }
    if (e.kind === 'status') status = e;
    out.push(e);
  }
  return out;
}
