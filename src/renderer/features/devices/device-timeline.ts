import type { CallOutput } from '../../../shared/ipc/contract';

export type DeviceHistoryView = CallOutput<'deviceHistory.list'>;
export type BandStatus = 'online' | 'maintenance' | 'offline' | 'unseen';

/** One stretch of the timeline: a status from `from` to `to` (ms), with the notices seen in it. */
export interface Band {
  status: BandStatus;
  from: number;
  to: number;
  notices: { text: string; at: number }[];
}

/**
 * A device's history as bands over [start, end]: each status from when it was first seen to the
 * next change; a status whose last sighting is long before the next one (the app was closed)
 * ends there, and the gap is `unseen`. Notices go to the band they were first seen in.
 */
export function timelineBands(
  entries: DeviceHistoryView['entries'],
  start: number,
  end: number,
  /** A status not seen again for longer than this is not assumed to have lasted. */
  staleAfterMs: number,
): Band[] {
  const bands: Band[] = [];
  const push = (status: BandStatus, from: number, to: number) => {
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    if (b > a) bands.push({ status, from: a, to: b, notices: [] });
  };
  const statuses = entries.filter((e) => e.kind === 'status');
  let cursor = start;
  statuses.forEach((e, i) => {
    const at = Date.parse(e.at);
    const last = Date.parse(e.lastAt);
    const next = i + 1 < statuses.length ? Date.parse(statuses[i + 1]!.at) : end;
    if (at > cursor) push('unseen', cursor, at);
    const until = next - last > staleAfterMs ? last : next;
    push(e.value as BandStatus, at, Math.max(until, at));
    cursor = Math.max(cursor, until);
  });
  if (cursor < end) push('unseen', cursor, end);
  for (const e of entries) {
    if (e.kind !== 'message') continue;
    const at = Date.parse(e.at);
    const band = bands.find((b) => b.from <= at && at <= b.to) ?? bands.at(-1);
    band?.notices.push({ text: e.value, at });
  }
  return bands;
}
