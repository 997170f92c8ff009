import { quoted } from '../text/quote';
/**
 * The values of one swept parameter, as a person types them: a list (`0, 0.5, 1`), a range
 * `start:stop:step` (stop included when a step lands on it), or `linspace(start, stop, count)`.
 * Every number may be written with `pi` (`2*pi`, `pi/4`, `-pi`, `2pi`), so an angle sweep reads
 * as it is meant. Pure; a mistake comes back as a sentence that says where.
 */

/** No parameter takes more values than this (a sweep's size is bounded again by its members). */
export const MAX_SWEEP_VALUES = 10_000;

export class SweepValuesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SweepValuesError';
  }
}

/** Rounds away the last bits of floating-point noise (0.30000000000000004 → 0.3). */
export function tidyNumber(value: number): number {
  if (Number.isInteger(value) || value === 0) return value;
  const tidy = Number(value.toPrecision(12));
  return Object.is(tidy, -0) ? 0 : tidy;
}

const FACTOR =
  /^\s*([+-]?)\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)\s*(pi|π)?|(pi|π))\s*$/i;

function factor(text: string, whole: string): number {
  const m = FACTOR.exec(text);
  if (!m)
    throw new SweepValuesError(
      `${quoted(whole.trim(), "'")} is not a number (write e.g. 0.5, 2*pi or pi/4)`,
    );
  const sign = m[1] === '-' ? -1 : 1;
  if (m[4]) return sign * Math.PI;
  const n = Number(m[2]);
  return sign * (m[3] ? n * Math.PI : n);
}

/** One number: decimal or scientific, optionally times or over `pi` and other factors. */
export function parseSweepNumber(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') throw new SweepValuesError('a value is missing (two commas in a row?)');
  const parts = trimmed.split(/([*/])/);
  let value = factor(parts[0] ?? '', trimmed);
  for (let i = 1; i < parts.length; i += 2) {
    const next = factor(parts[i + 1] ?? '', trimmed);
    if (parts[i] === '*') value *= next;
    else {
      if (next === 0) throw new SweepValuesError(`${quoted(trimmed, "'")} divides by zero`);
      value /= next;
    }
  }
  if (!Number.isFinite(value))
    throw new SweepValuesError(`${quoted(trimmed, "'")} is not a finite number`);
  return value;
}

function tooMany(count: number, what: string): SweepValuesError {
  return new SweepValuesError(
    `${what} gives ${count} values; a parameter takes at most ${MAX_SWEEP_VALUES}`,
  );
}

function linspace(args: string): number[] {
  const parts = args.split(',');
  if (parts.length !== 3)
    throw new SweepValuesError('linspace takes three arguments: linspace(start, stop, count)');
  const start = parseSweepNumber(parts[0]!);
  const stop = parseSweepNumber(parts[1]!);
  const count = Number(parts[2]!.trim());
  if (!Number.isInteger(count) || count < 1)
    throw new SweepValuesError(
      `linspace's count must be a whole number of at least 1, not ${quoted(parts[2]!.trim(), "'")}`,
    );
  if (count > MAX_SWEEP_VALUES) throw tooMany(count, 'linspace');
  if (count === 1) return [tidyNumber(start)];
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(tidyNumber(start + ((stop - start) * i) / (count - 1)));
  return out;
}

/** How far, in steps, a value may miss the one it stands for and still be it (rounding). */
const RANGE_TOLERANCE = 1e-9;

function range(text: string): number[] {
  const parts = text.split(':');
  if (parts.length < 2 || parts.length > 3)
    throw new SweepValuesError(`${quoted(text, "'")}: a range is start:stop or start:stop:step`);
  const start = parseSweepNumber(parts[0]!);
  const stop = parseSweepNumber(parts[1]!);
  const step = parts[2] === undefined ? (stop >= start ? 1 : -1) : parseSweepNumber(parts[2]);
  if (step === 0) throw new SweepValuesError(`${quoted(text, "'")}: the step must not be 0`);
  if ((stop - start) * step < 0)
    throw new SweepValuesError(
      `${quoted(text, "'")}: the step ${step} never reaches ${stop} from ${start}; use a ${step > 0 ? 'negative' : 'positive'} step`,
    );
  // Counted, not accumulated: start + i·step never drifts, and a stop a step lands on (up to
  // rounding) is included.
  const count = Math.floor((stop - start) / step + RANGE_TOLERANCE) + 1;
  if (count > MAX_SWEEP_VALUES) throw tooMany(count, quoted(text, "'"));
  // Rounding noise is judged against the step: a value a step lands on is that value exactly
  // (the stop itself, or 0 where a range crosses it), never a hair past it.
  const noise = Math.abs(step) * RANGE_TOLERANCE;
  return Array.from({ length: count }, (_, i) => {
    const value = start + i * step;
    if (Math.abs(value - stop) <= noise) return stop;
    if (Math.abs(value) <= noise) return 0;
    return tidyNumber(value);
  });
}

/** The values VALUES stands for, in order. Throws SweepValuesError with what is wrong. */
export function parseSweepValues(text: string): number[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new SweepValuesError('no values given');
  const call = /^linspace\s*\((.*)\)$/i.exec(trimmed);
  if (call) return linspace(call[1]!);
  if (trimmed.includes(':')) return range(trimmed);
  const values = trimmed
    .replace(/^\[(.*)\]$/, '$1')
    .split(',')
    .map(parseSweepNumber);
  if (values.length > MAX_SWEEP_VALUES) throw tooMany(values.length, 'the list');
  return values;
}
