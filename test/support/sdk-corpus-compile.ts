import { expect } from 'vitest';
import { compilePayload } from '../../src/shared/sdk/compile/compile-payload';
import { readSdkYaml, sameSdkTree } from '../../src/shared/sdk/yaml';
import { documentOf, requestOf, stringsOf, variantOf } from './sdk-digital-corpus';
import type { CorpusCase } from './sdk-digital-corpus';

/**
 * A corpus case's payload document, compiled, gives the SDK's own objects (`sameSdkTree`) and
 * its very strings, field by field, and no field more.
 */
export function expectCompilesToTheSdkBytes(c: CorpusCase): void {
  const compiled = compilePayload(variantOf(c), documentOf(c));
  expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
  const want = stringsOf(requestOf(c).payload);
  const got = stringsOf(compiled.payload!);
  expect(Object.keys(got)).toEqual(Object.keys(want));
  for (const field of Object.keys(want)) {
    expect(sameSdkTree(readSdkYaml(got[field]!).node!, readSdkYaml(want[field]!).node!)).toBeNull();
    expect(got[field]).toBe(want[field]);
  }
}
