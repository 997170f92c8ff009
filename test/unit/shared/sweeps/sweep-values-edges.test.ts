import { describe, expect, it } from 'vitest';
import {
  MAX_SWEEP_VALUES,
  SweepValuesError,
  parseSweepNumber,
  parseSweepValues,
  tidyNumber,
} from '../../../../src/shared/sweeps/sweep-values';

/**
 * The values of a sweep at their edges: the limit exactly, every message whole (what a person
 * reads in the sweep dialog and from `qjob sweep`), the shapes that are not a list, a range or
 * a linspace. Written from the mutation run's survivors.
 */

const refusal = (text: string): string => {
  try {
    parseSweepValues(text);
  } catch (error) {
    expect(error).toBeInstanceOf(SweepValuesError);
    expect((error as Error).name).toBe('SweepValuesError');
    return (error as Error).message;
  }
  throw new Error(`${text} was not refused`);
};

describe('the limit of values per parameter', () => {
  it('takes exactly MAX_SWEEP_VALUES and refuses one more, as a list, a range and a linspace', () => {
    const list = Array.from({ length: MAX_SWEEP_VALUES }, (_, i) => i).join(',');
    expect(parseSweepValues(list)).toHaveLength(MAX_SWEEP_VALUES);
    expect(refusal(`${list},1`)).toBe(
      `the list gives ${MAX_SWEEP_VALUES + 1} values; a parameter takes at most ${MAX_SWEEP_VALUES}`,
    );
    expect(parseSweepValues(`1:${MAX_SWEEP_VALUES}`)).toHaveLength(MAX_SWEEP_VALUES);
    expect(refusal(`0:${MAX_SWEEP_VALUES}`)).toBe(
      `'0:${MAX_SWEEP_VALUES}' gives ${MAX_SWEEP_VALUES + 1} values; a parameter takes at most ${MAX_SWEEP_VALUES}`,
    );
    expect(parseSweepValues(`linspace(0, 1, ${MAX_SWEEP_VALUES})`)).toHaveLength(MAX_SWEEP_VALUES);
    expect(refusal(`linspace(0, 1, ${MAX_SWEEP_VALUES + 1})`)).toBe(
      `linspace gives ${MAX_SWEEP_VALUES + 1} values; a parameter takes at most ${MAX_SWEEP_VALUES}`,
    );
  });
});

describe('every message whole', () => {
  it('quotes what was typed, trimmed', () => {
    expect(refusal(' 0, abc ')).toBe("'abc' is not a number (write e.g. 0.5, 2*pi or pi/4)");
    expect(refusal('2 / 0')).toBe("'2 / 0' divides by zero");
    expect(refusal('1e308*10')).toBe("'1e308*10' is not a finite number");
    expect(refusal('0:1:0')).toBe("'0:1:0': the step must not be 0");
    expect(refusal('1:0:0.5')).toBe(
      "'1:0:0.5': the step 0.5 never reaches 0 from 1; use a negative step",
    );
    expect(refusal('0:1:2:3')).toBe("'0:1:2:3': a range is start:stop or start:stop:step");
    expect(refusal('linspace(0, 1, 0)')).toBe(
      "linspace's count must be a whole number of at least 1, not '0'",
    );
    expect(refusal('linspace(0, 1,  2.5 )')).toBe(
      "linspace's count must be a whole number of at least 1, not '2.5'",
    );
  });

  it('reads linspace only as the whole text, in any case and with a space before the bracket', () => {
    expect(parseSweepValues('LinSpace (1, 3, 3)')).toEqual([1, 2, 3]);
    expect(refusal('x linspace(1, 3, 3)')).toMatch(/is not a number/);
    expect(refusal('linspace(1, 3, 3) x')).toMatch(/is not a number/);
  });

  it('takes brackets only around the whole list', () => {
    expect(parseSweepValues('[1, 2]')).toEqual([1, 2]);
    expect(refusal('[1, 2')).toBe("'[1' is not a number (write e.g. 0.5, 2*pi or pi/4)");
    expect(refusal('1, 2]')).toBe("'2]' is not a number (write e.g. 0.5, 2*pi or pi/4)");
  });
});

describe('ranges and linspace at their corners', () => {
  it('steps down by one when no step is given and the stop is below the start', () => {
    expect(parseSweepValues('5:3')).toEqual([5, 4, 3]);
    expect(parseSweepValues('2:2')).toEqual([2]);
  });

  it('spreads linspace from its start, not from zero', () => {
    expect(parseSweepValues('linspace(1, 3, 3)')).toEqual([1, 2, 3]);
    expect(parseSweepValues('linspace(3, 1, 5)')).toEqual([3, 2.5, 2, 1.5, 1]);
  });
});

describe('tidy numbers', () => {
  it('rounds away floating-point noise and keeps integers of any size', () => {
    expect(tidyNumber(0.1 + 0.2)).toBe(0.3);
    expect(tidyNumber(2 ** 53 + 2)).toBe(2 ** 53 + 2);
    expect(parseSweepNumber(' -pi ')).toBe(-Math.PI);
  });
});
