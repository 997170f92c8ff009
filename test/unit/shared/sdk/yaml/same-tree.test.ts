import { describe, expect, it } from 'vitest';
import type { SdkNode } from '../../../../../src/shared/sdk/node';
import {
  sdkFloat,
  sdkInt,
  sdkMap,
  sdkNull,
  sdkSeq,
  sdkStr,
} from '../../../../../src/shared/sdk/node';
import { sameSdkTree } from '../../../../../src/shared/sdk/yaml';

function circuit(value: number): SdkNode {
  const gate = (v: number) =>
    sdkMap(
      [
        [
          '_parameters',
          sdkMap([['theta', sdkMap([['_value', sdkFloat(v)]], '!qilisdk.Parameter')]]),
        ],
      ],
      '!RX',
    );
  return sdkMap([
    [
      'circuit',
      sdkMap([['_gates', sdkSeq([gate(0), gate(0.1), gate(0.2), gate(value)])]], '!Circuit'),
    ],
  ]);
}

/** A chain of `levels` mappings, each holding the next twice: 2^levels leaves as a tree. */
function bomb(levels: number, leaf: SdkNode): SdkNode {
  let node = leaf;
  for (let i = 0; i < levels; i++)
    node = sdkMap([
      ['a', node],
      ['b', node],
    ]);
  return node;
}

describe('sameSdkTree', () => {
  it('finds no difference between a graph and its copy', () => {
    expect(sameSdkTree(circuit(0.3), circuit(0.3))).toBeNull();
  });

  it('names the first difference by its path and both values', () => {
    expect(sameSdkTree(circuit(0.3), circuit(0.1 + 0.2))).toBe(
      'circuit._gates[3]._parameters.theta._value: 0.3 vs 0.30000000000000004',
    );
  });

  it('keeps ints apart from floats, -0.0 apart from 0.0, and NaN equal to NaN', () => {
    expect(sameSdkTree(sdkMap([['n', sdkInt(0)]]), sdkMap([['n', sdkFloat(0)]]))).toBe(
      'n: 0 vs 0.0',
    );
    expect(sameSdkTree(sdkFloat(-0), sdkFloat(0))).toBe('(root): -0.0 vs 0.0');
    expect(sameSdkTree(sdkFloat(NaN), sdkFloat(NaN))).toBeNull();
    expect(sameSdkTree(sdkInt(2n ** 63n), sdkInt(2n ** 63n + 1n))).toBe(
      '(root): 9223372036854775808 vs 9223372036854775809',
    );
  });

  it('compares mappings as sets of entries and names a missing key', () => {
    const a = sdkMap([
      ['x', sdkInt(1)],
      ['y', sdkInt(2)],
    ]);
    expect(
      sameSdkTree(
        a,
        sdkMap([
          ['y', sdkInt(2)],
          ['x', sdkInt(1)],
        ]),
      ),
    ).toBeNull();
    expect(sameSdkTree(a, sdkMap([['x', sdkInt(1)]]))).toBe('y: present vs missing');
    expect(sameSdkTree(sdkMap([['x', sdkInt(1)]]), a)).toBe('y: missing vs present');
    const tupleKey = (q: number) => sdkSeq([sdkInt(q)], '!tuple');
    expect(
      sameSdkTree(sdkMap([[tupleKey(0), sdkNull()]]), sdkMap([[tupleKey(0), sdkNull()]])),
    ).toBeNull();
  });

  it('tells tags and kinds apart', () => {
    expect(sameSdkTree(sdkStr('a', '!Domain'), sdkStr('a'))).toBe('(root): !Domain "a" vs "a"');
    expect(sameSdkTree(sdkSeq([]), sdkMap([]))).toBe('(root): a sequence of 0 vs a mapping of 0');
  });

  it('reads aliases as copies', () => {
    const shared = sdkMap([['v', sdkInt(1)]], '!P');
    const copy = () => sdkMap([['v', sdkInt(1)]], '!P');
    expect(sameSdkTree(sdkSeq([shared, shared]), sdkSeq([copy(), copy()]))).toBeNull();
  });

  it('compares an alias bomb in the time of its size as written', () => {
    expect(sameSdkTree(bomb(200, sdkInt(1)), bomb(200, sdkInt(1)))).toBeNull();
    expect(sameSdkTree(bomb(200, sdkInt(1)), bomb(200, sdkInt(2)))).toBe(
      `${'a.'.repeat(200).slice(0, -1)}: 1 vs 2`,
    );
  });
});
