import { describe, expect, it } from 'vitest';
import {
  MAX_SWEEP_VALUES,
  parseSweepNumber,
  parseSweepValues,
} from '../../../../src/shared/sweeps/sweep-values';

describe('parseSweepValues', () => {
  it('reads a list, with or without brackets and spaces', () => {
    expect(parseSweepValues('0,0.5,1')).toEqual([0, 0.5, 1]);
    expect(parseSweepValues(' [1, -2e-3 ,3] ')).toEqual([1, -0.002, 3]);
    expect(parseSweepValues('7')).toEqual([7]);
  });

  it('reads start:stop:step with the stop included when a step lands on it, without drift', () => {
    expect(parseSweepValues('0:1:0.1')).toEqual([
      0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1,
    ]);
    expect(parseSweepValues('0:3.14:0.5')).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
    expect(parseSweepValues('0:3')).toEqual([0, 1, 2, 3]);
    expect(parseSweepValues('3:0:-1.5')).toEqual([3, 1.5, 0]);
  });

  it('keeps the stop of a range whose step count is not exact in binary (0.3 / 0.1 < 3)', () => {
    // (stop - start) / step is 2.9999999999999996 or 6.999999999999999 here: counted by a bare
    // floor, the last value would be lost.
    expect(parseSweepValues('0:0.3:0.1')).toEqual([0, 0.1, 0.2, 0.3]);
    expect(parseSweepValues('0.3:0:-0.1')).toEqual([0.3, 0.2, 0.1, 0]);
    expect(parseSweepValues('0:0.6:0.2')).toEqual([0, 0.2, 0.4, 0.6]);
    expect(parseSweepValues('0:0.7:0.1')).toHaveLength(8);
    expect(parseSweepValues('0:0.7:0.1').at(-1)).toBe(0.7);
    // A stop between two steps is not reached, and no value passes it.
    expect(parseSweepValues('0:0.35:0.1')).toEqual([0, 0.1, 0.2, 0.3]);
    // Zero, where a range crosses it, is zero (not 5.6e-17), and both ends are as written.
    expect(parseSweepValues('-0.3:0.3:0.1')).toEqual([-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3]);
    expect(parseSweepValues('1e-12:4e-12:1e-12')).toEqual([1e-12, 2e-12, 3e-12, 4e-12]);
  });

  it('reads linspace(start, stop, count) with both ends', () => {
    const v = parseSweepValues('linspace(0, 2*pi, 5)');
    expect(v).toHaveLength(5);
    expect(v[0]).toBe(0);
    expect(v[2]).toBeCloseTo(Math.PI, 11);
    expect(v[4]).toBeCloseTo(2 * Math.PI, 11);
    expect(parseSweepValues('linspace(1,1,1)')).toEqual([1]);
  });

  it('writes pi as a person does', () => {
    expect(parseSweepNumber('pi')).toBe(Math.PI);
    expect(parseSweepNumber('-pi/2')).toBe(-Math.PI / 2);
    expect(parseSweepNumber('2pi')).toBe(2 * Math.PI);
    expect(parseSweepNumber('3*pi/4')).toBeCloseTo((3 * Math.PI) / 4, 15);
    expect(parseSweepNumber('1.5e2')).toBe(150);
  });

  it('says what is wrong', () => {
    expect(() => parseSweepValues('')).toThrow('no values given');
    expect(() => parseSweepValues('1,,2')).toThrow('a value is missing');
    expect(() => parseSweepValues('0,abc')).toThrow("'abc' is not a number");
    expect(() => parseSweepValues('0:1:0')).toThrow('the step must not be 0');
    expect(() => parseSweepValues('0:1:-0.1')).toThrow(
      'never reaches 1 from 0; use a positive step',
    );
    expect(() => parseSweepValues('linspace(0,1)')).toThrow('three arguments');
    expect(() => parseSweepValues('linspace(0,1,2.5)')).toThrow('whole number');
    expect(() => parseSweepValues('0:1e9:1')).toThrow(`at most ${MAX_SWEEP_VALUES}`);
    expect(() => parseSweepValues('1/0')).toThrow('divides by zero');
  });
});
