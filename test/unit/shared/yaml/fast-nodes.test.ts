import { describe, expect, it } from 'vitest';
import { Document, isCollection, isMap, isNode, isPair, isScalar, isSeq, Pair, Scalar } from 'yaml';
import { YAMLMap, YAMLSeq } from 'yaml';
import { fastMap, fastPair, fastScalar, fastSeq } from '../../../../src/shared/yaml/fast-nodes';

const guards = (x: unknown) => ({
  node: isNode(x),
  scalar: isScalar(x),
  map: isMap(x),
  seq: isSeq(x),
  pair: isPair(x),
  collection: isCollection(x),
});

describe('nodes made without their constructors', () => {
  it('pass the same type guards and instanceof checks as constructed ones', () => {
    expect(guards(fastScalar(3))).toEqual(guards(new Scalar(3)));
    expect(guards(fastMap())).toEqual(guards(new YAMLMap()));
    expect(guards(fastSeq())).toEqual(guards(new YAMLSeq()));
    expect(guards(fastPair(null, null))).toEqual(guards(new Pair(null, null)));
    expect(fastScalar(1)).toBeInstanceOf(Scalar);
    expect(fastMap()).toBeInstanceOf(YAMLMap);
    expect(fastSeq()).toBeInstanceOf(YAMLSeq);
    expect(fastPair(1, 2)).toBeInstanceOf(Pair);
  });

  it('have the same own fields, in the same order', () => {
    expect(Object.keys(fastScalar('x'))).toEqual(Object.keys(new Scalar('x')));
    expect(Object.keys(fastMap())).toEqual(Object.keys(new YAMLMap()));
    expect(Object.keys(fastSeq())).toEqual(Object.keys(new YAMLSeq()));
    expect(Object.keys(fastPair('k', 'v'))).toEqual(Object.keys(new Pair('k', 'v')));
    expect(fastMap().schema).toBeUndefined();
  });

  it('work in a document: read back, cloned, written out, given a schema', () => {
    const map = fastMap();
    const seq = fastSeq();
    seq.items.push(fastScalar(1), fastScalar('two'));
    map.items.push(fastPair(fastScalar('gates'), seq));
    map.tag = '!Circuit';
    const doc = new Document();
    doc.contents = map;
    expect(doc.toJS()).toEqual({ gates: [1, 'two'] });
    expect(doc.toString()).toBe('!Circuit\ngates:\n  - 1\n  - two\n');
    expect(doc.getIn(['gates', 1])).toBe('two');
    const copy = map.clone();
    expect(isMap(copy)).toBe(true);
    expect(copy.toJSON()).toEqual({ gates: [1, 'two'] });
    map.schema = doc.schema;
    expect(map.schema).toBe(doc.schema);
    // Each node's schema is its own: setting one leaves the shared prototype's alone.
    expect(fastMap().schema).toBeUndefined();
  });
});
