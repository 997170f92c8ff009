import { describe, expect, it } from 'vitest';
import type { SdkNode } from '../../../../../src/shared/sdk/node';
import {
  sdkBool,
  sdkFloat,
  sdkInt,
  sdkMap,
  sdkSeq,
  sdkStr,
} from '../../../../../src/shared/sdk/node';
import {
  compareCodePoints,
  pythonSortedEntries,
} from '../../../../../src/shared/sdk/yaml/python-sort';

/*
 * ruamel orders a dict by Python's `sorted(mapping.items())` and keeps the insertion order when
 * that raises. Expected orders are what CPython 3.11 gives for the same items.
 */

type Entry = readonly [SdkNode, SdkNode];
const entry = (key: SdkNode, label: string): Entry => [key, sdkStr(label)];
const labels = (entries: readonly Entry[]) =>
  entries.map(([, v]) => (v as { value: string }).value).join('');
const tuple = (...items: SdkNode[]) => sdkSeq(items, '!tuple');
const pauli = (kind: string, qubit: number) => sdkMap([['_qubit', sdkInt(qubit)]], `!Pauli${kind}`);

describe("Python's sorted() of a dict's items", () => {
  it('orders str by code point, past U+FFFF too', () => {
    expect(compareCodePoints('\ue000', '😀')).toBeLessThan(0);
    expect('\ue000' < '😀').toBe(false); // what JavaScript's own order says
    const sorted = pythonSortedEntries([
      entry(sdkStr('😀'), 'c'),
      entry(sdkStr('\ue000'), 'b'),
      entry(sdkStr('a'), 'a'),
    ]);
    expect(labels(sorted)).toBe('abc');
  });

  it('returns the very entries when they are in order already', () => {
    const entries = [entry(sdkStr('a'), 'a'), entry(sdkStr('b'), 'b')];
    expect(pythonSortedEntries(entries)).toBe(entries);
  });

  it('compares ints, floats and bools exactly (no rounding past 2^53)', () => {
    const sorted = pythonSortedEntries([
      entry(sdkInt(2n ** 53n + 1n), 'a'),
      entry(sdkFloat(9007199254740992), 'b'),
      entry(sdkBool(true), 'c'),
      entry(sdkFloat(0.5), 'd'),
    ]);
    expect(labels(sorted)).toBe('dcba');
  });

  it('makes the comparisons CPython makes around a NaN', () => {
    expect(
      labels(
        pythonSortedEntries([
          entry(sdkFloat(NaN), 'a'),
          entry(sdkInt(1), 'b'),
          entry(sdkInt(0), 'c'),
        ]),
      ),
    ).toBe('acb');
    const four = [
      entry(sdkInt(3), 'a'),
      entry(sdkFloat(NaN), 'b'),
      entry(sdkInt(1), 'c'),
      entry(sdkInt(2), 'd'),
    ];
    expect(labels(pythonSortedEntries(four))).toBe('abcd');
  });

  it('orders tuples item by item, a prefix first', () => {
    const sorted = pythonSortedEntries([
      entry(tuple(sdkInt(0), sdkInt(1)), 'x'),
      entry(tuple(sdkInt(0)), 'y'),
      entry(tuple(), 'z'),
    ]);
    expect(labels(sorted)).toBe('zyx');
  });

  it('compares Pauli operators by kind and qubit, as PauliOperator.__eq__ does', () => {
    // (Z0,) < (Z0, Z1) asks only whether the two Z0 are equal.
    const sorted = pythonSortedEntries([
      entry(tuple(pauli('Z', 0), pauli('Z', 1)), 'b'),
      entry(tuple(pauli('Z', 0)), 'a'),
    ]);
    expect(labels(sorted)).toBe('ab');
  });

  it.each([
    ['a str and an int', [entry(sdkStr('b'), '1'), entry(sdkInt(1), '2'), entry(sdkStr('a'), '3')]],
    ['objects', [entry(pauli('Z', 1), '1'), entry(pauli('Z', 0), '2')]],
    [
      'tuples whose first unequal items are objects',
      [
        entry(tuple(pauli('Z', 0), pauli('Z', 1)), '1'),
        entry(tuple(pauli('Z', 0)), '2'),
        entry(tuple(pauli('Y', 0)), '3'),
      ],
    ],
    ['None', [entry(sdkStr('b'), '1'), entry({ kind: 'null', tag: null }, '2')]],
  ])('keeps the insertion order when Python cannot order %s', (_what, entries) => {
    expect(labels(pythonSortedEntries(entries))).toBe('123'.slice(0, entries.length));
  });

  it('sorts long lists too (runs merged past 64 items)', () => {
    const n = 300;
    const shuffled = Array.from({ length: n }, (_, i) => (i * 7919) % n);
    const ints = pythonSortedEntries(shuffled.map((k) => entry(sdkInt(k), String(k))));
    expect(ints.map(([k]) => Number((k as { value: bigint }).value))).toEqual(
      Array.from({ length: n }, (_, i) => i),
    );
    const strs = pythonSortedEntries(
      shuffled.map((k) => entry(sdkStr(`k${String(k).padStart(3, '0')}`), '')),
    );
    expect(strs.map(([k]) => (k as { value: string }).value)).toEqual(
      Array.from({ length: n }, (_, i) => `k${String(i).padStart(3, '0')}`),
    );
    const objects = shuffled.map((k) => entry(tuple(pauli('Z', k)), ''));
    expect(pythonSortedEntries(objects)).toBe(objects);
  });
});
