import { describe, expect, it } from 'vitest';
import type { StringSink } from '../../../../../src/core/client/body/json-object-stream';
import {
  JsonObjectStream,
  JsonStreamError,
} from '../../../../../src/core/client/body/json-object-stream';

/** Feeds `text` in pieces of `size` characters (1: every character its own chunk). */
function read(
  text: string,
  size: number,
  options: { sinks?: string[]; cap?: number; maxOther?: number } = {},
) {
  const sunk: Record<string, string> = {};
  let ends = 0;
  const stream = new JsonObjectStream({
    sinkFor(key): StringSink | null {
      if (!options.sinks?.includes(key)) return null;
      sunk[key] = '';
      return {
        write: (piece) => (sunk[key] += piece),
        end: () => ends++,
      };
    },
    capFor: () => options.cap ?? 1_000_000,
    maxOther: options.maxOther ?? 1_000_000,
  });
  for (let i = 0; i < text.length; i += size) stream.feed(text.slice(i, i + size));
  return { result: stream.finish(), sunk, ends };
}

const BODY = JSON.stringify({
  id: 7,
  name: 'a "quoted" name\nwith a line',
  nested: { a: [1, 2, { b: 'x}]' }], c: null },
  logs: 'line one\nline "two" \\ é \u2028 end',
  flag: true,
  n: -12.5e3,
});

describe('JsonObjectStream', () => {
  it.each([1, 2, 3, 7, 64, 100_000])(
    'reads the same object whatever the chunk size (%i)',
    (size) => {
      const { result, sunk, ends } = read(BODY, size, { sinks: ['logs'] });
      const expected = JSON.parse(BODY) as Record<string, unknown>;
      expect(sunk.logs).toBe(expected.logs);
      expect(ends).toBe(1);
      delete expected.logs;
      expect(result).toEqual({ isObject: true, value: expected, dropped: [], sunk: ['logs'] });
    },
  );

  it('resolves every escape in a sunk string, also when split across chunks', () => {
    const text = '{"logs":"a\\u00e9\\/\\\\\\"\\n\\t\\ud83d\\ude00z"}';
    for (const size of [1, 2, 5]) {
      expect(read(text, size, { sinks: ['logs'] }).sunk.logs).toBe('aé/\\"\n\t😀z');
    }
  });

  it('drops a value over its cap and says how long it was', () => {
    const long = 'x'.repeat(500);
    const { result } = read(JSON.stringify({ id: 1, payload: long, other: [long] }), 13, {
      cap: 100,
    });
    expect(result.value).toEqual({ id: 1 });
    expect(result.dropped.map((d) => [d.key, d.chars])).toEqual([
      ['payload', 502],
      ['other', 504],
    ]);
    expect(result.dropped[0]!.preview).toBe(`"${'x'.repeat(119)}`);
  });

  it('keeps a key named __proto__ as a field, never as the prototype', () => {
    const { result } = read('{"__proto__": {"polluted": true}, "id": 1}', 4);
    const value = result.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'id']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives a body that is not an object back as its value', () => {
    expect(read('[1, 2]', 1).result).toEqual({
      isObject: false,
      value: [1, 2],
      dropped: [],
      sunk: [],
    });
    expect(read(' null ', 2).result.value).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['{"a": 1', /ends in the middle/],
    ['{"a" 1}', /expected ':'/],
    ['{"a": 1 "b": 2}', /expected ',' or '}'/],
    ['{"a": 1} x', /unexpected 'x' after the object/],
    ['{"logs": "\\q"}', /invalid escape/],
    ['{"a": tru}', /not JSON/],
  ])('refuses %j clearly', (text, message) => {
    expect(() => read(text, 3, { sinks: ['logs'] })).toThrow(JsonStreamError);
    expect(() => read(text, 3, { sinks: ['logs'] })).toThrow(message);
  });
});
