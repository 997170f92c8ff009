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

  it.runIf(c.bytes !== 'none')(
    "compiles the model to the SDK's own graph and its very bytes",
    () => {
      // 0.2.1's requests compile to main's form of the same case (we write main's form).
      const { payload } = requestOf(c.bytes === 'main' ? { ...c, version: 'A-main' } : c);
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
    },
  );

  it('decompiles to the friendly form, which compiles back to the same bytes', () => {
    const { payload } = requestOf(c);
    const decompiled = decompilePayload(variant, payload);
    expect(decompiled.kept.map((k) => k.path)).toEqual(c.islands);
    if (c.islands.includes('analog_evolution_payload.analog_evolution')) {
      // Kept whole, as the SDK wrote it, with why; the document still compiles (to main's form).
      expect(decompiled.kept[0]!.reason).not.toBe('');
      expect(
        compilePayload(variant, decompiled.text).problems.filter((p) => p.severity === 'error'),
      ).toEqual([]);
      return;
    }
    if (c.islands.length === 0) expect(decompiled.text).not.toMatch(/\b_[a-z]+:/);
    const compiled = compilePayload(variant, decompiled.text);
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(stringsOf(compiled.payload!)).toEqual(stringsOf(payload));
  });
});
