import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/core/errors/app-error';
import { preparePayload, requirePayload } from '../../../../src/core/submit/prepare-payload';

const fixture = (name: string) => readFileSync(path.join('test/fixtures/dialect', name), 'utf8');
const BELL = fixture('a-digital-bell.yaml');
/** Valid for Variant A's model; the dialect is certain a CNOT on one qubit cannot run. */
const CONTROL_IS_TARGET = BELL.replace(
  '!CNOT {control: 0, target: 1}',
  '!CNOT {control: 1, target: 1}',
);
/** Not an ExecutePayload at all: `type` names a field the document lacks. */
const NO_FIELD = 'type: sampling\n';

describe('the prepare step of every submission', () => {
  it('turns a document into the checked model, with no problem and no refusal', () => {
    const prepared = preparePayload('A', BELL);
    expect(prepared.payload?.type).toBe('digital_propagation');
    expect(prepared).toMatchObject({
      problems: [],
      invalid: null,
      refusal: null,
      dialectOnly: false,
    });
  });

  it("compiles past the simulator's limits: they are its settings, not the service's", () => {
    // 25 qubits are over the simulator's maxQubits (24); a service's device may have them.
    const wide = BELL.replace('nqubits: 2', 'nqubits: 25');
    const prepared = preparePayload('A', wide);
    expect(prepared.refusal).toBeNull();
    expect(prepared.form).toBe('sdk');
    expect(prepared.payload?.type).toBe('digital_propagation');
  });

  it('refuses what the model refuses, in one wording that names the first error by line', () => {
    const prepared = preparePayload('A', NO_FIELD, { label: 'bad.yaml' });
    expect(prepared.payload).toBeNull();
    expect(prepared.invalid).toMatch(
      /^bad\.yaml is not a valid Variant A payload \(\d+ errors?; first at line 1, column \d+: .+\)$/,
    );
    expect(prepared.refusal).toBe(`${prepared.invalid}; nothing was submitted.`);
    expect(prepared.dialectOnly).toBe(false);
    expect(preparePayload('A', NO_FIELD).invalid).toMatch(/^The payload is not a valid/);
  });

  it('leaves the dialect to the service unless asked: off sends what the model takes', () => {
    expect(preparePayload('A', CONTROL_IS_TARGET).payload?.type).toBe('digital_propagation');
  });

  it('block: an error the dialect is certain of stops it, and says it is the dialect alone', () => {
    const prepared = preparePayload('A', CONTROL_IS_TARGET, { label: 'x.yaml', dialect: 'block' });
    expect(prepared.payload).toBeNull();
    expect(prepared.dialectOnly).toBe(true);
    expect(prepared.refusal).toMatch(
      /^x\.yaml has 1 error the payload dialect is certain of, so the simulator refuses it \(first at line 9, column \d+: .*control.*\); nothing was submitted\.$/,
    );
  });

  it('report: the same problems are found, and the payload is sent all the same', () => {
    const prepared = preparePayload('A', CONTROL_IS_TARGET, { dialect: 'report' });
    expect(prepared.payload?.type).toBe('digital_propagation');
    expect(prepared.problems.filter((p) => p.severity === 'error')).toHaveLength(1);
    expect(prepared.refusal).toBeNull();
    // What the model refuses stays refused, and is not blamed on the dialect.
    const bad = preparePayload('A', NO_FIELD, { dialect: 'report' });
    expect(bad).toMatchObject({ payload: null, dialectOnly: false });
  });

  it('requirePayload: the refusal as an invalid-payload error with each error by line', () => {
    expect(requirePayload('A', BELL).type).toBe('digital_propagation');
    let error: unknown;
    try {
      requirePayload('A', NO_FIELD);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe('invalid-payload');
    expect(appError.message).toBe(preparePayload('A', NO_FIELD).refusal);
    expect(appError.issues?.[0]?.message).toMatch(/^line 1, column \d+: /);
  });
});
