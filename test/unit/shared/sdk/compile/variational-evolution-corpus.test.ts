import { describe, expect, it } from 'vitest';
import type { VariationalProgram } from '../../../../../src/shared/dialect/variational';
import { compilePayload } from '../../../../../src/shared/sdk/compile/compile-payload';
import { decompilePayload } from '../../../../../src/shared/sdk/decompile/decompile-payload';
import { expectCompilesToTheSdkBytes } from '../../../../support/sdk-corpus-compile';
import type { CorpusCase } from '../../../../support/sdk-digital-corpus';
import { readModel, requestOf, stringsOf, variantOf } from '../../../../support/sdk-digital-corpus';

/*
 * The variational programs over an evolution in the corpus (cases.md): a Variant A
 * `VariationalProgram` over an `AnalogEvolution` whose Interpolators hold the Parameters
 * hx_start = 1.0 (at t = 0 of hx) and hz_end = 1.0 (at t = 2 of hz), and Variant B's over a
 * `TimeEvolution`, both optimised by SciPy's L-BFGS-B. Read, compiled to the SDK's very bytes,
 * and decompiled to a friendly document that compiles back to them.
 */

const CASES: Array<CorpusCase & { parameters: Record<string, number>; store: boolean }> = [
  {
    version: 'A-main',
    name: 'a_vp_analog_lbfgsb',
    parameters: { hx_start: 1, hz_end: 1 },
    store: true,
  },
  {
    version: 'B-0.1.6',
    name: 'b_vp_time_evolution_lbfgsb',
    parameters: { hx_start: 1, hz_end: 1 },
    store: true,
  },
];

describe.each(CASES)('$version $name', (c) => {
  it('reads into a variational program over the evolution, with its parameters and L-BFGS-B', () => {
    const { functional } = readModel(c);
    expect(functional.kind).toBe('variational');
    const v = functional as VariationalProgram;
    expect(v.method).toBe('L-BFGS-B');
    expect(['analog', 'timeEvolution']).toContain(v.inner.kind);
    expect(v.storeIntermediateResults).toBe(c.store);
    expect(Object.fromEntries(readModel(c).params.initialValues())).toEqual(c.parameters);
  });

  it("compiles to the SDK's own bytes", () => {
    expectCompilesToTheSdkBytes(c);
  });

  it('decompiles to the friendly form, which compiles back to the same bytes', () => {
    const { payload } = requestOf(c);
    const decompiled = decompilePayload(variantOf(c), payload);
    const compiled = compilePayload(variantOf(c), decompiled.text);
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(stringsOf(compiled.payload!)).toEqual(stringsOf(payload));
    expect(decompiled.text).toMatch(/!Parameter/);
  });
});

describe('A-0.2.1.post1 a_vp_analog_lbfgsb', () => {
  const c = { version: 'A-0.2.1.post1', name: 'a_vp_analog_lbfgsb' } as const;

  it("reads as main's does and compiles to main's bytes of the same program", () => {
    const { functional, params } = readModel(c);
    expect(functional.kind).toBe('variational');
    expect(Object.fromEntries(params.initialValues())).toEqual({ hx_start: 1, hz_end: 1 });
    const compiled = compilePayload('A', decompilePayload('A', requestOf(c).payload).text);
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const main = requestOf({ version: 'A-main', name: c.name }).payload;
    expect(stringsOf(compiled.payload!)).toEqual(stringsOf(main));
  });
});
