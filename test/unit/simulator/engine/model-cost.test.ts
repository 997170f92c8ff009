import { describe, expect, it } from 'vitest';
import { NodeRef } from '../../../../src/shared/dialect/node-reader';
import { parseYamlSource } from '../../../../src/shared/dialect/yaml-source';
import type { SdkModel } from '../../../../src/shared/dialect/sdk-form/model';
import type { TermVariable } from '../../../../src/shared/dialect/sdk-form/model-terms';
import { readComparison, readTerm } from '../../../../src/shared/dialect/sdk-form/model-terms';
import { ModelCost } from '../../../../src/simulator/engine/run/model-cost';
import {
  evaluateComparison,
  evaluateTerm,
  SDK_ATOL,
} from '../../../../src/simulator/engine/run/model-terms';
import { readModel } from '../../../support/sdk-digital-corpus';

/*
 * qilisdk's Term / ComparisonTerm / Model evaluation (core/variables.py, core/model.py), each
 * value worked by hand from the SDK's definitions: a `+` Term sums coefficient × value from 0, a
 * `*` Term multiplies value ** coefficient from 1, the constant `_const_` stands for its
 * coefficient, a nested Term is its value times its coefficient; Model.evaluate adds the
 * objective (negated when maximised) and each broken constraint's Lagrange multiplier.
 */

const B = (label: string) => `!BinaryVariable {_label: ${label}, _bounds: !tuple [0, 1]}`;
const S = (label: string) => `!SpinVariable {_label: ${label}}`;
const CONST = (coefficient: string) =>
  `? !Variable {_label: _const_, _bin_vars: [], _encoding: !type qilisdk.core.variables.Bitwise}\n  : ${coefficient}`;

function reading() {
  const limit = 100;
  return {
    variant: 'A' as const,
    allow: 'model' as const,
    budget: { left: limit, limit, what: 'the test' },
    seen: new Map<string, TermVariable>(),
  };
}
const refOf = (text: string) => NodeRef.root(parseYamlSource(text, 'm', 'test'));
const term = (op: string, elements: string) =>
  readTerm(refOf(`!Term\n_operation: !Operation '${op}'\n_elements:\n  ${elements}`), reading());

/** Values by label for `evaluateTerm`. */
const at = (values: Record<string, number>, atol: number = SDK_ATOL.A) => ({
  valueOf: (v: TermVariable) => values[v.label]!,
  atol,
});

describe('a Term, evaluated as the SDK does', () => {
  it('a + Term sums coefficient × value; the constant adds its coefficient', () => {
    const t = term('+', `? ${B('x')}\n  : 3\n  ? ${B('y')}\n  : -2.5\n  ${CONST('4')}`);
    // 0 + 3·1 − 2.5·1 + 4 = 4.5; with y = 0: 0 + 3 + 0 + 4 = 7
    expect(evaluateTerm(t, at({ x: 1, y: 1 }))).toEqual({ re: 4.5, im: 0 });
    expect(evaluateTerm(t, at({ x: 1, y: 0 }))).toEqual({ re: 7, im: 0 });
  });

  it('a * Term multiplies value ** coefficient, times its constant', () => {
    const t = term('*', `? ${S('s')}\n  : 3\n  ? ${S('r')}\n  : 2\n  ${CONST('5')}`);
    // 1 · (−1)^3 · (−1)^2 · 5 = −5; with r = +1 too: still −5; s = +1: 5
    expect(evaluateTerm(t, at({ s: -1, r: -1 }))).toEqual({ re: -5, im: 0 });
    expect(evaluateTerm(t, at({ s: 1, r: -1 }))).toEqual({ re: 5, im: 0 });
    const product = term('*', `? ${B('b0')}\n  : 1\n  ? ${B('b1')}\n  : 1`);
    expect(evaluateTerm(product, at({ b0: 1, b1: 0 })).re).toBe(0);
    expect(evaluateTerm(product, at({ b0: 1, b1: 1 })).re).toBe(1);
  });

  it('a nested Term counts as its value times its coefficient (the one-hot objective)', () => {
    const t = term(
      '+',
      `? !Term {_operation: !Operation '*', _elements: {? ${B('b0')} : 1, ? ${B('b1')} : 1}}\n  : 2.0\n  ? ${B('b0')}\n  : -1.0\n  ? ${B('b1')}\n  : -1.0`,
    );
    // 2·b0·b1 − b0 − b1 on 00, 01, 10, 11
    const values = [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ].map(([b0, b1]) => evaluateTerm(t, at({ b0: b0!, b1: b1! })).re);
    expect(values).toEqual([0, -1, -1, 0]);
  });

  it('a constant written as a complex with imaginary part -0.0 is the real number', () => {
    const t = term('+', CONST('!complex {imag: -0.0, real: 1.0}'));
    expect(evaluateTerm(t, at({}))).toEqual({ re: 1, im: 0 });
  });

  it('an imaginary part is dropped below 0.2.x atol (1e-10), and only when 0 in 0.1.x', () => {
    const small = term('+', CONST('!complex {imag: 1.0e-11, real: 2.0}'));
    expect(evaluateTerm(small, at({}, SDK_ATOL.A))).toEqual({ re: 2, im: 0 });
    expect(evaluateTerm(small, at({}, SDK_ATOL.B))).toEqual({ re: 2, im: 1e-11 });
    const large = term('+', CONST('!complex {imag: 0.5, real: 2.0}'));
    expect(evaluateTerm(large, at({}))).toEqual({ re: 2, im: 0.5 });
  });

  it('- and / apply from 0 and from 1 in order, as the SDK folds them', () => {
    // SUB: 0 − 2·x − 3 ; DIV: 1 / (4·x) / 2
    expect(evaluateTerm(term('-', `? ${B('x')}\n  : 2\n  ${CONST('3')}`), at({ x: 1 })).re).toBe(
      -5,
    );
    expect(evaluateTerm(term('/', `? ${B('x')}\n  : 4\n  ${CONST('2')}`), at({ x: 1 })).re).toBe(
      0.125,
    );
    expect(() => evaluateTerm(term('/', `? ${B('x')}\n  : 4`), at({ x: 0 }))).toThrow(
      /divides by zero/,
    );
  });
});

describe('a ComparisonTerm', () => {
  const comparison = (op: string, lhs: number) =>
    readComparison(
      refOf(
        `!ComparisonTerm\n_operation: !ComparisonOperation '${op}'\n_lhs: !Term {_operation: !Operation +, _elements: {? ${B('x')} : ${lhs}}}\n_rhs: !Term {_operation: !Operation +, _elements: {? !Variable {_label: _const_} : !complex {imag: -0.0, real: 1.0}}}`,
      ),
      reading(),
    );
  it.each([
    ['==', 1, true],
    ['==', 2, false],
    ['!=', 2, true],
    ['<', 1, false],
    ['<=', 1, true],
    ['>', 2, true],
    ['>=', 0.5, false],
  ] as const)('x·%s … with lhs coefficient %s at x = 1: %s', (op, lhs, holds) => {
    expect(evaluateComparison(comparison(op, lhs), at({ x: 1 }))).toBe(holds);
  });

  it('refuses a complex side, as the SDK does', () => {
    const c = readComparison(
      refOf(
        `!ComparisonTerm\n_operation: !ComparisonOperation '<='\n_lhs: !Term {_operation: !Operation +, _elements: {? !Variable {_label: _const_} : !complex {imag: 0.5, real: 1.0}}}\n_rhs: !Term {_operation: !Operation +, _elements: {}}`,
      ),
      reading(),
    );
    expect(() => evaluateComparison(c, at({}))).toThrow(/complex value/);
  });
});

describe("the SDK's ModelCostFunction over the corpus' one-hot model", () => {
  const modelOf = (version: 'B-0.1.6' | 'A-main', name: string): SdkModel => {
    const { functional } = readModel({ version, name });
    if (functional.kind !== 'variational' || functional.costFunction?.kind !== 'model')
      throw new Error('not a model cost');
    return functional.costFunction.model;
  };
  const b = modelOf('B-0.1.6', 'b_vp_sampling_nelder_mead_model_cost');
  const a = modelOf('A-main', 'a_vp_digital_nelder_mead_model_cost');

  it('reads the variables sorted by label, and 100 for the one_hot constraint', () => {
    for (const m of [a, b]) {
      expect(m.variables.map((v) => v.label)).toEqual(['b0', 'b1']);
      expect(m.constraints.map((c) => [c.label, c.multiplier])).toEqual([['one_hot', 100]]);
      expect(m.objective.sense).toBe('minimize');
    }
  });

  it('Model.evaluate summed: the objective plus 100 where b0 + b1 ≠ 1', () => {
    for (const [m, atol] of [
      [a, SDK_ATOL.A],
      [b, SDK_ATOL.B],
    ] as const) {
      const cost = new ModelCost(m, atol);
      expect(['00', '01', '10', '11'].map((x) => cost.valueAt(x).re)).toEqual([100, -1, -1, 100]);
    }
  });

  it('averages over samples and over a state (engine index: qubit q is bit q)', () => {
    const cost = new ModelCost(a, SDK_ATOL.A);
    // 600 × "01" (−1) and 400 × "11" (100): −0.6 + 40
    expect(
      cost.fromCounts(
        new Map([
          ['01', 600],
          ['11', 400],
        ]),
      ),
    ).toBeCloseTo(39.4, 12);
    // engine index 1 is qubit 0 = 1: "10" (−1); index 3 is "11" (100)
    expect(cost.fromState(new Float64Array([0, 0.5, 0, 0.5]), 2)).toBeCloseTo(49.5, 12);
  });

  it('negates a maximised objective', () => {
    const cost = new ModelCost({ ...a, objective: { ...a.objective, sense: 'maximize' } }, 1e-10);
    expect(cost.valueAt('01').re).toBe(1);
    expect(cost.valueAt('00').re).toBe(100);
  });

  it('evaluates each outcome once, within a bound on the work of one job', () => {
    // The one-hot model has 8 Term elements (5 in the objective, 3 in the constraint): two
    // outcomes fit in 16, a third does not.
    const cost = new ModelCost(a, SDK_ATOL.A, 16);
    expect(cost.valueAt('01').re).toBe(-1);
    expect(cost.valueAt('10').re).toBe(-1);
    expect(cost.valueAt('01').re).toBe(-1);
    expect(() => cost.valueAt('11')).toThrow(
      /beyond the simulator's limit of 16 element evaluations/,
    );
  });

  it('refuses samples that do not map one bit per variable, as the SDK does', () => {
    const cost = new ModelCost(a, SDK_ATOL.A);
    expect(() => cost.valueAt('011')).toThrow(/cannot be mapped to the model's 2 variables/);
    expect(() => cost.valueAt('0_')).toThrow(/has "_" where the variable b1 takes a bit/);
    expect(() => cost.fromState(new Float64Array(8), 3)).toThrow(/2 variables/);
  });
});
