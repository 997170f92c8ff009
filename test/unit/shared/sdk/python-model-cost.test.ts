import { describe, expect, it } from 'vitest';
import type { SdkModel } from '../../../../src/shared/dialect/sdk-form/model';
import type { ModelTerm } from '../../../../src/shared/dialect/sdk-form/model-terms';
import { PythonImports } from '../../../../src/shared/sdk/python-script/imports';
import { modelCostPython } from '../../../../src/shared/sdk/python-script/model-cost';
import { NotYetInPython } from '../../../../src/shared/sdk/python-script/not-yet';

/*
 * A ModelCostFunction's Model written as qilisdk Python the way its user writes it: each form of
 * a Term element (a coefficient, a `*` Term's exponent, a complex coefficient, a constant), a
 * maximised objective, spin variables, and a label that is not a Python name.
 */

const s = { kind: 'spin', label: 's' } as const;
const odd = { kind: 'binary', label: 'x[0]' } as const;
const one = { re: 1, im: 0, int: true } as const;

const model = (objective: ModelTerm, sense: 'minimize' | 'maximize' = 'minimize'): SdkModel => ({
  label: 'demo',
  objective: { label: 'obj', sense, term: objective },
  constraints: [],
  variables: [s, odd],
});

function python(m: SdkModel): { lines: string[]; imports: string[] } {
  const imports = new PythonImports();
  const lines = modelCostPython(m, imports, new Set(['circuit']));
  return { lines, imports: imports.lines() };
}

describe('a Model as qilisdk Python', () => {
  it('binds each variable, and a label that is not a Python name to var_<i>', () => {
    const { lines, imports } = python(model({ operation: '+', elements: [] }));
    expect(lines.slice(0, 2)).toEqual(['s = SpinVariable("s")', 'var_1 = BinaryVariable("x[0]")']);
    expect(imports).toContain('from qilisdk.core import BinaryVariable, Model, SpinVariable');
    expect(lines).toContain('model.set_objective(0, label="obj")');
  });

  it('never binds two variables to one name', () => {
    const clash = { kind: 'binary', label: 'var_1' } as const;
    const m = { ...model({ operation: '+', elements: [] }), variables: [clash, odd] };
    expect(python(m).lines.slice(0, 2)).toEqual([
      'var_1 = BinaryVariable("var_1")',
      'var_1_ = BinaryVariable("x[0]")',
    ]);
  });

  it('writes coefficients, exponents, complex numbers and constants as Python arithmetic', () => {
    const product: ModelTerm = {
      operation: '*',
      elements: [
        { kind: 'variable', variable: s, coefficient: { re: 3, im: 0, int: true } },
        { kind: 'variable', variable: odd, coefficient: one },
        { kind: 'const', coefficient: { re: 0.5, im: 0 } },
      ],
    };
    const sum: ModelTerm = {
      operation: '+',
      elements: [
        { kind: 'term', term: product, coefficient: { re: -2, im: 0 } },
        { kind: 'variable', variable: s, coefficient: { re: 1, im: 2 } },
        { kind: 'const', coefficient: { re: 4, im: -0 } },
      ],
    };
    const { lines, imports } = python(model(sum, 'maximize'));
    expect(lines).toContain(
      'model.set_objective(-2.0 * (s ** 3 * var_1 * 0.5) + complex(1.0, 2.0) * s + 4.0, label="obj", sense=ObjectiveSense.MAXIMIZE)',
    );
    expect(imports).toContain(
      'from qilisdk.core import BinaryVariable, Model, ObjectiveSense, SpinVariable',
    );
  });

  it('refuses a Term folded with - or / (not written yet), saying so', () => {
    expect(() => python(model({ operation: '/', elements: [] }))).toThrow(NotYetInPython);
  });
});
