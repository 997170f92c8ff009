/** Time formatting shared by the views: a clock time, a date and time, "3 min ago", time left. */

export function formatClock(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "just now", "40 s ago", "3 min ago", "2 h ago". */
export function formatAgo(iso: string | null | undefined, now: number): string {
  if (!iso) return 'never';
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (!Number.isFinite(seconds)) return iso;
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

/** Time left until `iso`: "4:59" under ten minutes (it matters then), else "42 min" / "3 h 5 min". */
export function formatRemaining(iso: string, now: number): { text: string; ms: number } {
  const ms = new Date(iso).getTime() - now;
  if (!Number.isFinite(ms)) return { text: 'unknown', ms: Infinity };
  if (ms <= 0) return { text: 'expired', ms };
  const s = Math.floor(ms / 1000);
  if (s < 600) return { text: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`, ms };
  const m = Math.floor(s / 60);
  if (m < 60) return { text: `${m} min`, ms };
  return { text: `${Math.floor(m / 60)} h ${m % 60} min`, ms };
}
