import { describe, expect, it } from 'vitest';
import type { EvolutionFunctional } from '../../../../../src/shared/dialect/functionals';
import { compilePayload } from '../../../../../src/shared/sdk/compile/compile-payload';
import { decompilePayload } from '../../../../../src/shared/sdk/decompile/decompile-payload';
import { readSdkYaml, sameSdkTree } from '../../../../../src/shared/sdk/yaml';
import {
  ANALOG_CASES,
  evolutionObservables,
  scheduleSignature,
  stateSignature,
} from '../../../../support/sdk-analog-corpus';
import {
  documentOf,
  readModel,
  requestOf,
  stringsOf,
  variantOf,
} from '../../../../support/sdk-digital-corpus';

/*
 * Every corpus case of the analog slice, against the SDK's own bytes: its SDK form reads into
 * the model cases.md describes; the model compiles to the SDK's graph and to its very string;
 * decompiled, its friendly form compiles back to the same bytes, with exactly the expected
 * parts kept in the SDK's form.
 */

describe.each(ANALOG_CASES)('$version $name', (c) => {
  const variant = variantOf(c);

  it('reads from the SDK form into the model cases.md describes', () => {
    const { functional } = readModel(c);
    expect(['timeEvolution', 'analog']).toContain(functional.kind);
    const f = functional as EvolutionFunctional;
    expect(scheduleSignature(f.schedule)).toBe(c.schedule);
    expect(stateSignature(f.initial)).toBe(c.initial);
    if (c.observables) expect(evolutionObservables(f)).toEqual(c.observables);
    if (c.nshots !== undefined) expect(f.nshots).toBe(c.nshots);
    if (c.storeIntermediate !== undefined) expect(f.storeIntermediate).toBe(c.storeIntermediate);
    if (c.termInterpolation)
      expect(f.schedule.terms.map((t) => t.interpolation ?? '-').join(',')).toBe(
        c.termInterpolation,
      );
  });

  it.runIf(!c.compiles)('is refused by the compiler, naming what is not done yet', () => {
    const compiled = compilePayload(variant, documentOf(c));
    expect(compiled.payload).toBeNull();
    expect(compiled.problems.map((p) => p.message).join('\n')).toMatch(
      /compiling an !AnalogEvolution .* is not done yet/,
    );
  });

  it.runIf(c.compiles)("compiles the model to the SDK's own graph and its very bytes", () => {
    const { payload } = requestOf(c);
    const compiled = compilePayload(variant, documentOf(c));
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const want = stringsOf(payload);
    const got = stringsOf(compiled.payload!);
    for (const field of Object.keys(want)) {
      expect(
        sameSdkTree(readSdkYaml(got[field]!).node!, readSdkYaml(want[field]!).node!),
      ).toBeNull();
      expect(got[field]).toBe(want[field]);
    }
  });

  it('decompiles to the friendly form, which compiles back to the same bytes', () => {
    const { payload } = requestOf(c);
    const decompiled = decompilePayload(variant, payload);
    expect(decompiled.kept.map((k) => k.path)).toEqual(c.islands);
    if (!c.compiles) {
      // Kept whole, as the SDK wrote it, with why.
      expect(decompiled.kept[0]!.reason).toMatch(/not done yet|InitialState|interpolated unlike/);
      expect(stringsOf(compilePayload(variant, decompiled.text).payload ?? payload)).toEqual(
        stringsOf(payload),
      );
      return;
    }
    if (c.islands.length === 0) expect(decompiled.text).not.toMatch(/\b_[a-z]+:/);
    const compiled = compilePayload(variant, decompiled.text);
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(stringsOf(compiled.payload!)).toEqual(stringsOf(payload));
  });
});
