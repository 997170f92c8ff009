import { describe, expect, it } from 'vitest';
import { jsonLimitMessage, jsonLimitPassed } from '../../../../src/shared/json/shape';

const LOOSE = { maxDepth: 1000, maxValues: 1000 };
const depthOver = (text: string, maxDepth: number) =>
  jsonLimitPassed(text, { ...LOOSE, maxDepth })?.limit === 'depth';

describe('jsonLimitPassed', () => {
  it('counts arrays and objects, level by level', () => {
    expect(depthOver('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(depthOver('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(depthOver('[[],[],[]]', 2)).toBe(false);
    expect(depthOver('1', 0)).toBe(false);
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    expect(depthOver('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(depthOver('["\\"[[[[", "\\\\", []]', 2)).toBe(false);
    expect(depthOver('["\\\\", [[]]]', 2)).toBe(true);
    expect(jsonLimitPassed('["a,b,c,d"]', { maxDepth: 10, maxValues: 1 })).toBeNull();
  });

  it('finds the depth of a text far deeper than any stack, at its bracket', () => {
    const levels = 1_000_000;
    const passed = jsonLimitPassed(`${'['.repeat(levels)}${']'.repeat(levels)}`, {
      maxDepth: 100,
      maxValues: 10_000_000,
    });
    expect(passed).toEqual({ limit: 'depth', max: 100, offset: 100, line: 1, column: 101 });
    expect(jsonLimitMessage(passed!)).toBe(
      'nests arrays and objects deeper than 100 levels (at line 1, column 101)',
    );
  });

  it('counts values: containers and the entries after each comma', () => {
    const limits = { maxDepth: 10, maxValues: 5 };
    // One container and four commas are five values.
    expect(jsonLimitPassed('[0,0,0,0,0]', limits)).toBeNull();
    const passed = jsonLimitPassed('{"a": [0,0,0,\n0,0]}', limits);
    expect(passed).toMatchObject({ limit: 'values', max: 5, line: 2, column: 2 });
    expect(jsonLimitMessage(passed!)).toBe(
      'holds more than 5 values (arrays, objects and the entries in them; passed at line 2, column 2)',
    );
  });

  it('stops at the place: a flat text of millions of values is read to the limit only', () => {
    const text = `[${'{},'.repeat(5_000_000)}{}]`;
    const passed = jsonLimitPassed(text, { maxDepth: 100, maxValues: 1_000_000 });
    expect(passed?.limit).toBe('values');
    expect(passed!.offset).toBeLessThan(3_000_001);
  });
});
