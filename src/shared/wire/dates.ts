import { WireDecodeError } from './errors';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Sun, 22 Nov 2026 11:25:28 GMT` (RFC 9110 IMF-fixdate, what the service sends). */
export function formatHttpDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('formatHttpDate: invalid Date');
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ` +
    `${String(date.getUTCFullYear()).padStart(4, '0')} ${pad(date.getUTCHours())}:` +
    `${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} GMT`
  );
}

// RFC 2822 / RFC 9110 IMF-fixdate: [Sun, ]22 Nov 2026 11:25[:28] GMT|UT|UTC|Z|+hhmm
const RFC2822 =
  /^(?:([A-Za-z]{3}),\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s+(GMT|UTC|UT|Z|[+-]\d{4})$/i;
// RFC 850 (obsolete HTTP-date): Sunday, 22-Nov-26 11:25:28 GMT
const RFC850 =
  /^([A-Za-z]{6,9}),\s*(\d{2})-([A-Za-z]{3})-(\d{2})\s+(\d{2}):(\d{2}):(\d{2})\s+GMT$/i;
// ISO 8601 / RFC 3339, also with a space for `T` (Python's str(datetime)).
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

interface Parts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  fraction: string; // digits after the decimal point, '' when none
  offsetMinutes: number;
  weekday?: string;
}

function monthIndex(name: string): number {
  return MONTHS.findIndex((m) => m.toLowerCase() === name.toLowerCase());
}

function zoneOffset(zone: string): number | null {
  const z = zone.toUpperCase();
  if (z === 'GMT' || z === 'UTC' || z === 'UT' || z === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function parseParts(text: string): Parts | string {
  let m = RFC2822.exec(text);
  if (m) {
    const offset = zoneOffset(m[8] ?? '');
    if (offset === null) return `unknown time zone '${m[8]}'`;
    return {
      year: Number(m[4]),
      month: monthIndex(m[3] ?? '') + 1,
      day: Number(m[2]),
      hour: Number(m[5]),
      minute: Number(m[6]),
      second: Number(m[7] ?? '0'),
      fraction: '',
      offsetMinutes: offset,
      ...(m[1] ? { weekday: m[1] } : {}),
    };
  }
  m = RFC850.exec(text);
  if (m) {
    // RFC 9110 §5.6.7: a two-digit year more than 50 years ahead is in the past century.
    const thisYear = new Date().getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + Number(m[4]);
    if (year > thisYear + 50) year -= 100;
    return {
      year,
      month: monthIndex(m[3] ?? '') + 1,
      day: Number(m[2]),
      hour: Number(m[5]),
      minute: Number(m[6]),
      second: Number(m[7]),
      fraction: '',
      offsetMinutes: 0,
      weekday: (m[1] ?? '').slice(0, 3),
    };
  }
  m = ISO.exec(text);
  if (m) {
    if (!m[8]) return 'has no time zone (a timezone-aware datetime is required)';
    const offset = zoneOffset(m[8]);
    if (offset === null) return `invalid UTC offset '${m[8]}'`;
    return {
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      hour: Number(m[4]),
      minute: Number(m[5]),
      second: Number(m[6] ?? '0'),
      fraction: m[7] ?? '',
      offsetMinutes: offset,
    };
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return 'is a date without a time and time zone';
  return 'is neither an HTTP-date (RFC 2822) nor an ISO 8601 datetime with a time zone';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A date as the service sends it → canonical ISO 8601 in UTC (`2026-11-22T11:25:28Z`, keeping
 * any fractional seconds as given). Accepts HTTP-dates (RFC 2822 with GMT/UT/UTC/Z or ±hhmm,
 * and the obsolete RFC 850 form) and ISO 8601 with `Z` or an offset. A datetime without a zone
 * is rejected, as is an impossible date or a weekday that contradicts it. Throws
 * `WireDecodeError` (`invalid_date`) naming `field`.
 */
export function parseWireDate(raw: unknown, field: string): string {
  if (typeof raw !== 'string') {
    throw new WireDecodeError(
      'invalid_date',
      field,
      raw,
      `expected a date string, got ${raw === null ? 'null' : typeof raw}`,
    );
  }
  const text = raw.trim();
  const parts = parseParts(text);
  if (typeof parts === 'string') {
    throw new WireDecodeError('invalid_date', field, raw, `date ${parts}`);
  }
  const { year, month, day, hour, minute, second } = parts;
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  local.setUTCFullYear(year); // Date.UTC maps years 0–99 to 1900–1999
  const impossible =
    month < 1 ||
    local.getUTCMonth() !== month - 1 ||
    local.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59;
  if (impossible) throw new WireDecodeError('invalid_date', field, raw, 'date does not exist');
  if (parts.weekday !== undefined) {
    // The weekday belongs to the date as written (in its own zone), not to the UTC instant.
    const expected = DAYS[local.getUTCDay()] ?? '';
    if (parts.weekday.toLowerCase() !== expected.toLowerCase()) {
      throw new WireDecodeError(
        'invalid_date',
        field,
        raw,
        `date says ${parts.weekday} but it is a ${expected}`,
      );
    }
  }
  const utc = new Date(local.getTime() - parts.offsetMinutes * 60_000);
  const date =
    `${String(utc.getUTCFullYear()).padStart(4, '0')}-${pad2(utc.getUTCMonth() + 1)}-` +
    `${pad2(utc.getUTCDate())}T${pad2(utc.getUTCHours())}:${pad2(utc.getUTCMinutes())}:` +
    pad2(utc.getUTCSeconds());
  return `${date}${parts.fraction ? `.${parts.fraction}` : ''}Z`;
}

/** `parseWireDate` for an optional field: null and absent stay as they are. */
export function parseOptionalWireDate(raw: unknown, field: string): string | null | undefined {
  if (raw === null || raw === undefined) return raw;
  return parseWireDate(raw, field);
}

/** A model datetime (ISO 8601 with a zone) → HTTP-date; null and absent stay. */
export function formatOptionalHttpDate(iso: string | null | undefined): string | null | undefined {
  if (iso === null || iso === undefined) return iso;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a datetime: ${iso}`);
  return formatHttpDate(date);
}
