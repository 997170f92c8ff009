import { describe, expect, it } from 'vitest';
import { compilePayload } from '../../../../../src/shared/sdk/compile/compile-payload';
import { decompilePayload } from '../../../../../src/shared/sdk/decompile/decompile-payload';
import { readModel, requestOf, stringsOf, variantOf } from '../../../../support/sdk-digital-corpus';
import { expectCompilesToTheSdkBytes } from '../../../../support/sdk-corpus-compile';
import { EXPERIMENT_CASES, linspace } from '../../../../support/sdk-experiment-corpus';

/*
 * Every experiment case of the corpus against the SDK's own bytes: read into the model cases.md
 * describes, compiled to the SDK's graph and very string, decompiled to a friendly form that
 * compiles back to the same bytes (nothing kept in the SDK's form).
 */

describe.each(EXPERIMENT_CASES)('$version $name', (c) => {
  const variant = variantOf(c);

  it('reads from the SDK form into the model cases.md describes', () => {
    const { functional } = readModel(c);
    if (functional.kind !== 'rabi' && functional.kind !== 't1') throw new Error(functional.kind);
    expect(functional.kind).toBe(c.kind);
    expect(functional.qubit).toBe(c.qubit);
    expect(functional.sweepDtype).toBe('float64');
    expect(functional.kind === 'rabi' ? functional.durationsNs : functional.waitsNs).toEqual(
      linspace(c.sweep),
    );
    if (c.averages !== undefined) expect(functional.averages).toBe(c.averages);
  });

  it("compiles the model to the SDK's own graph and its very bytes", () => {
    expectCompilesToTheSdkBytes(c);
  });

  it('decompiles to the friendly form, which compiles back to the same bytes', () => {
    const { payload } = requestOf(c);
    const decompiled = decompilePayload(variant, payload);
    expect(decompiled.kept).toEqual([]);
    expect(decompiled.text).not.toMatch(/\b_[a-z]+:/);
    const compiled = compilePayload(variant, decompiled.text);
    expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(stringsOf(compiled.payload!)).toEqual(stringsOf(payload));
  });
});

describe("Variant B's simulator-only T1 fields", () => {
  const document = (extra: string) =>
    `type: t1_experiment\nt1_experiment_payload:\n  t1_experiment: !T1Experiment\n    qubit_id: 0\n${extra}    wait_times: [0, 1000]\n`;

  it('compile without them, to the 0.1.x object', () => {
    const compiled = compilePayload('B', document(''));
    expect(compiled.problems).toEqual([]);
    expect(stringsOf(compiled.payload!).t1_experiment).toBe(
      '!T1Experiment\n_qubit: 0\n_wait_duration_values: !ndarray\n  data: [0.0, 1000.0]\n  dtype: float64\n  shape: !tuple [2]\n',
    );
  });

  it.each(['pulse_duration: 254', 'delay_between_pulses: 2000000'])(
    'are refused when given (%s): the SDK has no place for them',
    (line) => {
      const compiled = compilePayload('B', document(`    ${line}\n`));
      expect(compiled.payload).toBeNull();
      const key = line.split(':')[0]!;
      expect(compiled.problems.map((p) => p.message).join('\n')).toContain(
        `qilisdk 0.1.x's T1Experiment has no ${key}`,
      );
    },
  );
});
