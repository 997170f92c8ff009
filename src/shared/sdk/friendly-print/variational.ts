import type { VariantId } from '../../variants/declaration';
import type { Island } from '../../dialect/island';
import type { ParamTable } from '../../dialect/numbers';
import type { VariationalProgram } from '../../dialect/variational';
import { pauliSumText } from './observables';
import { NotPrintable } from './not-printable';
import { pyNumText, stringText } from './scalars';

type InnerPrinter = (f: VariationalProgram['inner'], indent: string) => string[];

/**
 * A variational program in the friendly form: its functional, its cost (the SDK's cost function
 * stays in the SDK's form inline: an island), the optimiser with SciPy's options and tol, and
 * whether intermediate results are kept. Parameter constraints keep the whole program in the
 * SDK's form.
 */
export function variationalLines(
  v: VariationalProgram,
  _params: ParamTable,
  indent: string,
  _variant: VariantId,
  printInner: InnerPrinter,
): string[] {
  if (v.parameterConstraints.length > 0)
    throw new NotPrintable(
      'parameter constraints (ComparisonTerms over Parameters, which the friendly form has no construct for)',
    );
  const [innerFirst = '', ...innerRest] = printInner(v.inner, `${indent}  `);
  const lines = ['!VariationalProgram', `${indent}functional: ${innerFirst}`, ...innerRest];
  if (v.costFunction) lines.push(...islandLines('cost', v.costFunction.island, indent));
  else {
    const text = v.cost ? pauliSumText(v.cost) : null;
    if (text === null) throw new NotPrintable('a cost observable with a parameterised coefficient');
    lines.push(`${indent}cost:`, `${indent}  observable: ${JSON.stringify(text)}`);
  }
  const o = v.optimizer;
  lines.push(`${indent}optimizer: !Optimizer`, `${indent}  method: ${stringText(o.method)}`);
  if (o.options.length > 0)
    lines.push(
      `${indent}  options: {${o.options.map(([k, n]) => `${stringText(k)}: ${pyNumText(n)}`).join(', ')}}`,
    );
  if (o.tol) lines.push(`${indent}  tol: ${pyNumText(o.tol)}`);
  lines.push(`${indent}store_intermediate_results: ${v.storeIntermediateResults}`);
  return lines;
}

/** An island under `key`: its SDK text, the tag on the key's line, the rest indented below. */
function islandLines(key: string, island: Island, indent: string): string[] {
  const [first = '', ...rest] = island.text.trimEnd().split('\n');
  return [`${indent}${key}: ${first}`, ...rest.map((l) => `${indent}  ${l}`)];
}
