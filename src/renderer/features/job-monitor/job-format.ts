/** Dates and durations as the monitor shows them: local time, with UTC on hover. */

const local = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const localShort = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export function formatLocal(iso: string | null | undefined, short = false): string {
  if (!iso) return '—';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : (short ? localShort : local).format(t);
}

/** `2026-01-01 10:00:00 UTC`: unambiguous for tickets and for people in other time zones. */
export function formatUtc(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${new Date(t)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '')
    .replace('Z', '')} UTC`;
}

/** 850 ms, 4.2 s, 3 min 05 s, 2 h 04 min, 3 d 4 h. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  // Service times have whole seconds (HTTP dates): below one, say so rather than "0 ms".
  if (ms < 1000) return '< 1 s';
  const s = ms / 1000;
  if (s < 60) return `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(Math.floor(s % 60)).padStart(2, '0')} s`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
