import { circuitParameters } from '../circuit-parameters';
import type { NodeRef } from '../node-reader';
import type { ParseContext } from '../parse-context';
import type { InnerFunctional } from '../variational-inner';
import type { ModelComparison, TermVariable } from './model-terms';
import { readComparison } from './model-terms';

/*
 * qilisdk 0.2.x's `VariationalProgram._parameter_constraints`: ComparisonTerms over the
 * functional's Parameters (`LEQ(a, d)`). As the SDK's constructor does, every variable must be a
 * Parameter of the functional (by label).
 */

/** Constraints one program may hold, and their Term elements in all (aliases counted). */
export const MAX_PARAMETER_CONSTRAINTS = 1_000;
export const MAX_PARAMETER_CONSTRAINT_ELEMENTS = 10_000;

export function readParameterConstraints(
  ref: NodeRef,
  inner: InnerFunctional,
  ctx: ParseContext,
): ModelComparison[] {
  const what = '_parameter_constraints';
  const items = ref.items(what);
  if (items.length > MAX_PARAMETER_CONSTRAINTS)
    ref.fail({
      subject: '!VariationalProgram',
      code: 'dialect.range',
      problem: `${items.length} parameter constraints; the simulator reads at most ${MAX_PARAMETER_CONSTRAINTS}`,
    });
  const limit = MAX_PARAMETER_CONSTRAINT_ELEMENTS;
  const reading = {
    variant: ctx.variant,
    allow: 'parameters' as const,
    budget: { left: limit, limit, what: 'the parameter constraints' },
    seen: new Map<string, TermVariable>(),
  };
  const labels = new Set(
    inner.kind === 'sampling' || inner.kind === 'digital'
      ? circuitParameters(ctx.variant, inner.circuit, ctx.params).map((p) => p.label)
      : ctx.params.names(),
  );
  return items.map((item) => {
    const before = new Set(reading.seen.keys());
    const comparison = readComparison(item, reading);
    for (const label of reading.seen.keys())
      if (!before.has(label) && !labels.has(label))
        item.fail({
          subject: 'parameter constraint',
          problem: `the Parameter "${label}" is not a parameter of the variational program's functional`,
          expected: [...labels].join(', ') || 'a Parameter of the functional',
        });
    return comparison;
  });
}
