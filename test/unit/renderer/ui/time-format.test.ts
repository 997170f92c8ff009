import { describe, expect, it } from 'vitest';
import {
  formatAgo,
  formatClock,
  formatDateTime,
  formatRemaining,
} from '../../../../src/renderer/ui/time-format';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const after = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe('time formats', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatAgo(null, NOW)).toBe('never');
    expect(formatAgo(before(3), NOW)).toBe('just now');
    expect(formatAgo(before(40), NOW)).toBe('40 s ago');
    expect(formatAgo(before(3 * 60 + 59), NOW)).toBe('3 min ago');
    expect(formatAgo(before(2 * 3600 + 10), NOW)).toBe('2 h ago');
    expect(formatAgo('not a date', NOW)).toBe('not a date');
  });

  it('says the time left, to the second under ten minutes', () => {
    expect(formatRemaining(after(299), NOW)).toEqual({ text: '4:59', ms: 299_000 });
    expect(formatRemaining(after(42 * 60), NOW).text).toBe('42 min');
    expect(formatRemaining(after(3 * 3600 + 5 * 60), NOW).text).toBe('3 h 5 min');
    expect(formatRemaining(before(1), NOW).text).toBe('expired');
    expect(formatRemaining('not a date', NOW)).toEqual({ text: 'unknown', ms: Infinity });
  });

  it('shows a dash for no time and the text itself for one it cannot read', () => {
    expect(formatClock(undefined)).toBe('—');
    expect(formatDateTime(null)).toBe('—');
    expect(formatClock('soon')).toBe('soon');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
