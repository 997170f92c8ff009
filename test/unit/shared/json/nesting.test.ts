import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from '../../../../src/shared/json/nesting';

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
});
