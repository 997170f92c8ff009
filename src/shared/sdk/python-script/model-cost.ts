import type { SdkModel } from '../../dialect/sdk-form/model';
import type {
  ModelComparison,
  ModelTerm,
  PyComplex,
  TermElement,
} from '../../dialect/sdk-form/model-terms';
import { pythonFloatRepr } from '../yaml';
import type { PythonImports } from './imports';
import { NotYetInPython } from './not-yet';
import { pyStringLiteral } from './python-text';

/*
 * A ModelCostFunction as its user writes it with qilisdk's classes (core/model.py,
 * core/variables.py, the same at 0.1.6 and 0.2.x): `BinaryVariable(label)` / `SpinVariable(label)`
 * bound to variables, the objective and constraints as Python arithmetic on them
 * (`2.0 * b0 * b1 - b0 - b1`; a `*` Term's exponents as `**`), `Model(label)`,
 * `model.set_objective(term, label=, sense=)`, `model.add_constraint(label, EQ(lhs, rhs),
 * lagrange_multiplier=)`, `ModelCostFunction(model)`. The SDK builds the same Terms from it.
 */

const COMPARISON: Record<ModelComparison['operation'], string> = {
  '==': 'EQ',
  '!=': 'NEQ',
  '<': 'LT',
  '<=': 'LEQ',
  '>': 'GT',
  '>=': 'GEQ',
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The lines binding `cost_function`, given the names the script already uses. */
export function modelCostPython(
  model: SdkModel,
  imports: PythonImports,
  taken: ReadonlySet<string>,
): string[] {
  const names = new Map<string, string>();
  const used = new Set(taken);
  const lines: string[] = [];
  model.variables.forEach((v, i) => {
    let name = IDENTIFIER.test(v.label) && !used.has(v.label) ? v.label : `var_${i}`;
    while (used.has(name)) name = `${name}_`;
    used.add(name);
    names.set(v.label, name);
    const cls = v.kind === 'spin' ? 'SpinVariable' : 'BinaryVariable';
    imports.add('qilisdk.core', cls);
    lines.push(`${name} = ${cls}(${pyStringLiteral(v.label)})`);
  });
  const term = (t: ModelTerm): string => termPython(t, names);
  const o = model.objective;
  const sense = o.sense === 'maximize' ? ', sense=ObjectiveSense.MAXIMIZE' : '';
  imports.add('qilisdk.core', 'Model', ...(sense ? ['ObjectiveSense'] : []));
  lines.push(
    `model = Model(${pyStringLiteral(model.label)})`,
    `model.set_objective(${term(o.term)}, label=${pyStringLiteral(o.label)}${sense})`,
  );
  for (const c of model.constraints) {
    const op = COMPARISON[c.comparison.operation];
    imports.add('qilisdk.core', op);
    const [lhs, rhs] = [term(c.comparison.lhs), term(c.comparison.rhs)];
    lines.push(
      `model.add_constraint(${pyStringLiteral(c.label)}, ${op}(${lhs}, ${rhs}), lagrange_multiplier=${numberPython(c.multiplier)})`,
    );
  }
  imports.add('qilisdk.cost_functions', 'ModelCostFunction');
  lines.push('cost_function = ModelCostFunction(model)');
  return lines;
}

/** A Term as a Python expression over the bound variables (`0` when it is empty). */
function termPython(t: ModelTerm, names: ReadonlyMap<string, string>): string {
  if (t.operation !== '+' && t.operation !== '*')
    throw new NotYetInPython(`a model Term folded with ${t.operation}`);
  if (t.elements.length === 0) return t.operation === '+' ? '0' : '1';
  const element = (e: TermElement): string =>
    e.kind === 'variable'
      ? names.get(e.variable.label)!
      : e.kind === 'term'
        ? `(${termPython(e.term, names)})`
        : '';
  if (t.operation === '*')
    return t.elements
      .map((e) =>
        e.kind === 'const'
          ? coefficientPython(e.coefficient)
          : isOne(e.coefficient)
            ? element(e)
            : `${element(e)} ** ${coefficientPython(e.coefficient)}`,
      )
      .join(' * ');
  return t.elements
    .map((e, i) => {
      const c = e.coefficient;
      const negative = c.im === 0 && c.re < 0;
      const size = negative ? { ...c, re: -c.re } : c;
      const body =
        e.kind === 'const'
          ? coefficientPython(size)
          : isOne(size)
            ? element(e)
            : `${coefficientPython(size)} * ${element(e)}`;
      return i === 0 ? `${negative ? '-' : ''}${body}` : `${negative ? '-' : '+'} ${body}`;
    })
    .join(' ');
}

function isOne(c: PyComplex): boolean {
  return c.re === 1 && c.im === 0;
}

/** A coefficient as written: an int, a float, or `complex(re, im)` (a -0.0 imaginary part is 0). */
function coefficientPython(c: PyComplex): string {
  if (!Number.isFinite(c.re) || !Number.isFinite(c.im))
    throw new NotYetInPython('a model coefficient that is not finite');
  if (c.im !== 0) return `complex(${pythonFloatRepr(c.re)}, ${pythonFloatRepr(c.im)})`;
  return c.int ? String(c.re) : pythonFloatRepr(c.re);
}

function numberPython(x: number): string {
  if (!Number.isFinite(x)) throw new NotYetInPython(`the model value ${x}`);
  return Number.isInteger(x) && Math.abs(x) < 2 ** 53 ? String(x) : pythonFloatRepr(x);
}
