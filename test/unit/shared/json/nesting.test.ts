import { describe, expect, it } from 'vitest';
import {
  jsonNestingPassedAt,
  jsonNestsDeeperThan,
  lineAndColumn,
} from '../../../../src/shared/json/nesting';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, level by level', () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('[[],[],[]]', 2)).toBe(false);
    expect(jsonNestsDeeperThan('1', 0)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('["\\"[[[[", "\\\\", []]', 2)).toBe(false);
    expect(jsonNestsDeeperThan('["\\\\", [[]]]', 2)).toBe(true);
  });

  it('finds the depth of a text far deeper than any stack', () => {
    const levels = 1_000_000;
    expect(jsonNestsDeeperThan(`${'['.repeat(levels)}${']'.repeat(levels)}`, 100)).toBe(true);
  });

  it('says where the nesting first passes the limit, as a line and a column', () => {
    const text = '{\n  "a": [\n    [[1]]\n  ]\n}';
    expect(jsonNestingPassedAt(text, 4)).toBe(-1);
    const at = jsonNestingPassedAt(text, 3);
    expect(text[at]).toBe('[');
    expect(lineAndColumn(text, at)).toEqual({ line: 3, column: 6 });
    expect(lineAndColumn('x', 0)).toEqual({ line: 1, column: 1 });
  });
});
