import { describe, expect, it } from 'vitest';
import { formatHttpDate, parseWireDate, WireDecodeError } from '../../../../src/shared/wire';

describe('HTTP-date and ISO 8601 dates', () => {
  it('formats an HTTP-date the way the service sends it', () => {
    expect(formatHttpDate(new Date('2026-11-22T11:25:28Z'))).toBe('Sun, 22 Nov 2026 11:25:28 GMT');
    expect(formatHttpDate(new Date('2026-01-05T03:04:05.999Z'))).toBe(
      'Mon, 05 Jan 2026 03:04:05 GMT',
    );
    expect(() => formatHttpDate(new Date('nope'))).toThrow(RangeError);
  });

  it.each([
    ['Sun, 22 Nov 2026 11:25:28 GMT', '2026-11-22T11:25:28Z'],
    ['22 Nov 2026 11:25:28 GMT', '2026-11-22T11:25:28Z'],
    ['Sun, 22 Nov 2026 11:25:28 UT', '2026-11-22T11:25:28Z'],
    ['Sun, 22 Nov 2026 11:25:28 UTC', '2026-11-22T11:25:28Z'],
    ['Sun, 22 Nov 2026 12:25:28 +0100', '2026-11-22T11:25:28Z'],
    ['Sun, 22 Nov 2026 06:25 -0500', '2026-11-22T11:25:00Z'],
    ['Sunday, 22-Nov-26 11:25:28 GMT', '2026-11-22T11:25:28Z'],
    ['2026-11-22T11:25:28Z', '2026-11-22T11:25:28Z'],
    ['2026-11-22T12:25:28+01:00', '2026-11-22T11:25:28Z'],
    ['2026-11-22T12:25:28+0100', '2026-11-22T11:25:28Z'],
    ['2026-11-22 11:25:28.123456+00:00', '2026-11-22T11:25:28.123456Z'],
    ['2026-11-23T00:30:00+05:30', '2026-11-22T19:00:00Z'],
    ['2026-12-31T23:30:00-01:00', '2027-01-01T00:30:00Z'],
  ])('parses %s', (raw, iso) => {
    expect(parseWireDate(raw, 'created_at')).toBe(iso);
  });

  it('round-trips through formatHttpDate', () => {
    const iso = '2026-11-22T11:25:28Z';
    expect(parseWireDate(formatHttpDate(new Date(iso)), 'created_at')).toBe(iso);
  });

  it.each([
    ['2026-11-22T11:25:28', /no time zone/],
    ['2026-11-22 11:25:28', /no time zone/],
    ['2026-11-22', /without a time/],
    ['Sun, 22 Nov 2026 11:25:28 EST', /neither/],
    ['Mon, 22 Nov 2026 11:25:28 GMT', /says Mon but it is a Sun/],
    ['2026-02-30T10:00:00Z', /does not exist/],
    ['2026-11-22T24:00:00Z', /does not exist/],
    ['2026-11-22T10:00:00+25:00', /invalid UTC offset/],
    ['last tuesday', /neither/],
  ])('rejects %s as invalid_date, naming the field', (raw, message) => {
    let error: unknown;
    try {
      parseWireDate(raw, 'items[3].created_at');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WireDecodeError);
    const e = error as WireDecodeError;
    expect(e.code).toBe('invalid_date');
    expect(e.field).toBe('items[3].created_at');
    expect(e.raw).toBe(raw);
    expect(e.message).toMatch(message);
  });

  it('rejects a non-string', () => {
    expect(() => parseWireDate(1795778728, 'created_at')).toThrow(
      /expected a date string, got number/,
    );
  });
});
