import { useEffect, useState } from 'react';
import type { Device } from '../../../shared/variants';
import { roughDuration } from '../../../shared/estimates';
import { formatDateTime } from '../../ui/time-format';
import { useDevicesStore } from '../../state/devices/store';
import type { Band, DeviceHistoryView } from './device-timeline';
import { timelineBands } from './device-timeline';
import './device-timeline.css';

interface Span {
  label: string;
  ms: number;
}
const SPANS: readonly Span[] = [
  { label: '1 h', ms: 3600_000 },
  { label: '24 h', ms: 24 * 3600_000 },
  { label: '7 days', ms: 7 * 24 * 3600_000 },
];
/** "All seen" shows at least this much, so a history of seconds is not one wide band. */
const MIN_SPAN_MS = 5 * 60_000;
/** The device list is refreshed every 15 s: a status not seen for 2 min was not watched. */
const STALE_AFTER_MS = 120_000;

const WORD: Record<Band['status'], string> = {
  online: 'Online',
  maintenance: 'Maintenance',
  offline: 'Offline',
  unseen: 'Not watched',
};

function describe(b: Band): string {
  const notices = b.notices.map(
    (n) => ` Notice seen ${formatDateTime(new Date(n.at).toISOString())}: ${n.text}`,
  );
  return `${WORD[b.status]} ${span(b.from, b.to)}.${notices.join('')}`;
}

/**
 * "from Nov 25, 2026, 1:39:05 PM to 1:39:52 PM (47 s)": to the second, since a band can be
 * short, with the date said once when both ends fall on the same day.
 */
function span(from: number, to: number): string {
  const a = new Date(from);
  const b = new Date(to);
  const time = (d: Date) => d.toLocaleTimeString(undefined, { timeStyle: 'medium' });
  const dated = (d: Date) =>
    `${d.toLocaleDateString(undefined, { dateStyle: 'medium' })}, ${time(d)}`;
  const end = a.toDateString() === b.toDateString() ? time(b) : dated(b);
  return `from ${dated(a)} to ${end} (${roughDuration(to - from)})`;
}

/**
 * A device's statuses as this app saw them, as bands over the last hour, day or week (online,
 * maintenance, offline, and the stretches nobody watched), with the notices seen about it. Each
 * band is a button: hovering or focusing it says what it was, when, and the notices in it.
 */
export function DeviceTimeline({ device }: { device: Device }) {
  const [history, setHistory] = useState<DeviceHistoryView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [span, setSpan] = useState<string>('all');
  const [shown, setShown] = useState<number | null>(null);

  // Read again each time the devices store takes a new list (the core's refresh timer).
  const fetchedAt = useDevicesStore((s) => s.fetchedAt);

  useEffect(() => {
    let live = true;
    useDevicesStore
      .getState()
      .readHistory(device.code, 7)
      .then((h) => live && (setHistory(h), setError(null)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [device.code, fetchedAt]);

  if (error)
    return <p className="callout callout-err">The device history could not be read: {error}</p>;
  if (!history)
    return (
      <p className="muted" aria-busy="true">
        Reading the device history…
      </p>
    );

  const end = Date.parse(history.to);
  const first = history.entries[0] ? Date.parse(history.entries[0].at) : end;
  // By default everything seen (up to the week kept), however short.
  const all: Span = {
    label: 'all seen',
    ms: Math.min(SPANS[SPANS.length - 1]!.ms, Math.max(MIN_SPAN_MS, (end - first) * 1.05)),
  };
  const spans = [all, ...SPANS];
  const chosen = spans.find((s) => s.label === (span === 'all' ? all.label : span)) ?? all;
  const start = end - chosen.ms;
  const bands = timelineBands(history.entries, start, end, STALE_AFTER_MS);
  const at = (t: number) => `${((t - start) / chosen.ms) * 100}%`;
  const current = shown !== null ? bands[shown] : undefined;

  return (
    <div className="device-timeline" data-testid="device-timeline">
      <div className="dt-spans" role="group" aria-label="Time span">
        {spans.map((s) => (
          <button
            key={s.label}
            type="button"
            className="btn btn-ghost"
            aria-pressed={s === chosen}
            onClick={() => {
              setSpan(s === all ? 'all' : s.label);
              setShown(null);
            }}
          >
            {s === all ? 'All seen' : s.label}
          </button>
        ))}
      </div>
      {history.entries.length === 0 ? (
        <p className="muted">
          Nothing seen yet: statuses are recorded each time the app reads the device list.
        </p>
      ) : (
        <>
          <ol
            className="dt-bar"
            aria-label={`Statuses of ${device.name}, ${chosen === all ? 'everything seen' : `the last ${chosen.label}`}`}
          >
            {bands.map((b, i) => (
              <li
                key={`${b.from}-${b.status}`}
                className="dt-band"
                style={{ left: at(b.from), width: `calc(${at(b.to)} - ${at(b.from)})` }}
              >
                <button
                  type="button"
                  className={`dt-band-button is-${b.status}`}
                  data-status={b.status}
                  aria-label={describe(b)}
                  aria-describedby="dt-readout"
                  onMouseEnter={() => setShown(i)}
                  onFocus={() => setShown(i)}
                  onClick={() => setShown(i)}
                >
                  {b.notices.length > 0 ? (
                    <span className="dt-notice" aria-hidden="true">
                      !
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ol>
          <div className="dt-axis muted" aria-hidden="true">
            <span>{formatDateTime(new Date(start).toISOString())}</span>
            <span>now</span>
          </div>
          <p
            id="dt-readout"
            className="dt-readout"
            aria-live="polite"
            data-testid="device-timeline-readout"
          >
            {current ? describe(current) : 'Hover or focus a band for its times and notices.'}
          </p>
        </>
      )}
      {!history.persistent ? (
        <p className="muted">Kept in memory only: the local store could not be opened.</p>
      ) : null}
    </div>
  );
}
