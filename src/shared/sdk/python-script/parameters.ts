import type { ParamDecl, ParamTable } from '../../dialect/numbers';
import type { DomainName, PyNum } from '../../dialect/parameter-domain';
import type { VariantId } from '../../variants/declaration';
import type { PythonImports } from './imports';
import { NotYetInPython } from './not-yet';
import { pyStringLiteral } from './python-text';
import { pythonFloatRepr } from '../yaml';

/*
 * The `!Parameter`s of a payload as qilisdk Python: one `Parameter` object per name, bound to a
 * variable before the circuit and passed to every gate that uses it (the SDK serializes one object
 * once and refers to it again: an angle shared across gates is one parameter).
 * src/qilisdk/core/__init__.py exports `Parameter` at 0.1.6 and 0.2.1.post1;
 * src/qilisdk/core/variables.py: `Parameter(label, value, domain=Domain.REAL, bounds=(None, None))`,
 * 0.2.1.post1 adds `trainable=True`; `Domain` (INTEGER, POSITIVE_INTEGER, REAL, BINARY, SPIN) is
 * exported by qilisdk.core at 0.2.1.post1, and lives in qilisdk.core.variables at 0.1.6. A gate
 * takes a Parameter where it takes a number (gates.py: `RX(qubit, *, theta: float | Parameter)`).
 */

const DOMAIN_MEMBER: Record<DomainName, string> = {
  'Integer Domain': 'INTEGER',
  'Positive Integer Domain': 'POSITIVE_INTEGER',
  'Real Domain': 'REAL',
  'Binary Domain': 'BINARY',
  'Spin Domain': 'SPIN',
};

export const PY_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield print complex np'.split(
    ' ',
  ),
);

/**
 * The variables the script binds itself, and the lower-case names it imports (`ket`): a
 * parameter never takes one of these names.
 */
export const SCRIPT_NAMES = new Set([
  'ket',
  'circuit',
  'sampling',
  'propagation',
  'schedule',
  'evolution',
  'functional',
  'readout',
  'optimizer',
  'observable',
  'cost_function',
  'client',
  'job',
  'detail',
  'layer',
  'input_encoding',
  'output_encoding',
]);

/** A Python number as written (`3`, `0.5`, `9223372036854775807`). */
export function pythonNumber(n: PyNum, where: string): string {
  if (n.int) return n.digits ?? String(n.value);
  if (!Number.isFinite(n.value)) throw new NotYetInPython(`the value ${n.value} (${where})`);
  return pythonFloatRepr(n.value);
}

/** One variable per parameter name, declared when first used. */
export class PythonParameters {
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  readonly lines: string[] = [];

  constructor(
    private readonly variant: VariantId,
    private readonly table: ParamTable,
    private readonly imports: PythonImports,
  ) {}

  /** The variable holding parameter `name` (declared on first use). */
  use(name: string, where: string): string {
    const known = this.names.get(name);
    if (known) return known;
    const decl = this.table.get(name);
    if (!decl) throw new NotYetInPython(`the undeclared parameter ${name} (${where})`);
    const variable = this.variableFor(name);
    this.names.set(name, variable);
    this.lines.push(`${variable} = ${this.constructorCall(decl)}`);
    this.imports.add('qilisdk.core', 'Parameter');
    return variable;
  }

  private variableFor(name: string): string {
    const plain = /^[a-z_][A-Za-z0-9_]*$/.test(name) && !PY_KEYWORDS.has(name);
    const base =
      plain && !SCRIPT_NAMES.has(name) ? name : `param_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
    let variable = base;
    for (let i = 2; this.taken.has(variable); i++) variable = `${base}_${i}`;
    this.taken.add(variable);
    return variable;
  }

  private constructorCall(decl: ParamDecl): string {
    const args = [pyStringLiteral(decl.name), pythonNumber(decl.value, decl.path)];
    if (decl.domain && decl.domain !== 'Real Domain') {
      this.imports.add(this.variant === 'A' ? 'qilisdk.core' : 'qilisdk.core.variables', 'Domain');
      args.push(`domain=Domain.${DOMAIN_MEMBER[decl.domain]}`);
    }
    if (decl.bounds)
      args.push(
        `bounds=(${pythonNumber(decl.bounds[0], decl.path)}, ${pythonNumber(decl.bounds[1], decl.path)})`,
      );
    if (decl.trainable === false) {
      if (this.variant === 'B')
        throw new NotYetInPython(
          `a parameter that is not trainable (${decl.path}): qilisdk 0.1.6's Parameter has no trainable`,
        );
      args.push('trainable=False');
    }
    return `Parameter(${args.join(', ')})`;
  }
}
