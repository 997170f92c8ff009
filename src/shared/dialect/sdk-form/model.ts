import type { VariantId } from '../../variants/declaration';
import type { NodeRef } from '../node-reader';
import type { ModelComparison, ModelTerm, TermVariable } from './model-terms';
import { readComparison, readTerm } from './model-terms';

/*
 * qilisdk's `!Model` (core/model.py) as data, for the simulator to evaluate as the SDK's
 * `Model.evaluate` does: `_objective` (`!Objective {_label, _sense, _term}`), `_constraints`
 * (label → `!Constraint {_label, _term: !ComparisonTerm}`), `_lagrange_multipliers` (label →
 * number), `_encoding_constraints` (those of continuous Variables, which `evaluate` never reads),
 * `_label`.
 */

export interface SdkModel {
  label: string;
  objective: { label: string; sense: 'minimize' | 'maximize'; term: ModelTerm };
  /** In the order written; each with its Lagrange multiplier. */
  constraints: Array<{ label: string; comparison: ModelComparison; multiplier: number }>;
  /** `Model.variables()`: those of the constraints and the objective, sorted by label. */
  variables: TermVariable[];
}

/** Term elements one model may hold, aliases counted each time (every one is evaluated per sample). */
export const MAX_MODEL_TERM_ELEMENTS = 10_000;
/** Variables of one model: one per measured qubit, so never more than the simulator's qubits. */
export const MAX_MODEL_VARIABLES = 24;

const KEYS = [
  '_constraints',
  '_encoding_constraints',
  '_label',
  '_lagrange_multipliers',
  '_objective',
];

export function readSdkModel(ref: NodeRef, variant: VariantId): SdkModel {
  const what = '!Model';
  const f = ref.mapping({ tags: [what], what, required: KEYS });
  const reading = {
    variant,
    allow: 'model' as const,
    budget: { left: MAX_MODEL_TERM_ELEMENTS, limit: MAX_MODEL_TERM_ELEMENTS, what: 'the model' },
    seen: new Map<string, TermVariable>(),
  };
  const objRef = f.req('_objective');
  const obj = objRef.mapping({
    tags: ['!Objective'],
    what: '!Objective',
    required: ['_label', '_sense', '_term'],
  });
  const sense = obj.req('_sense');
  if (
    sense.tag !== '!ObjectiveSense' ||
    !['minimize', 'maximize'].includes(String(sense.scalarValue()))
  )
    sense.fail({
      subject: '!Objective',
      problem: `expected !ObjectiveSense minimize or maximize, found ${sense.describe()}`,
    });
  const objective = {
    label: obj.req('_label').string('_label'),
    sense: sense.scalarValue() as 'minimize' | 'maximize',
    term: readTerm(obj.req('_term'), reading),
  };
  const multipliers = new Map(
    f
      .req('_lagrange_multipliers')
      .entries('_lagrange_multipliers')
      .map(({ key, value }) => [key, value.number(`Lagrange multiplier of "${key}"`)] as const),
  );
  // Only read as a mapping: Model.evaluate never reads them.
  f.req('_encoding_constraints').entries('_encoding_constraints');
  const constraints = f
    .req('_constraints')
    .entries('_constraints')
    .map(({ value }) => {
      const c = value.mapping({
        tags: ['!Constraint'],
        what: '!Constraint',
        required: ['_label', '_term'],
      });
      const label = c.req('_label').string('_label');
      const multiplier = multipliers.get(label);
      if (multiplier === undefined)
        return c.req('_label').fail({
          subject: '!Constraint',
          problem: `the constraint "${label}" has no Lagrange multiplier in _lagrange_multipliers`,
        });
      return { label, comparison: readComparison(c.req('_term'), reading), multiplier };
    });
  const variables = [...reading.seen.values()].sort((a, b) => byCodePoint(a.label, b.label));
  if (variables.length > MAX_MODEL_VARIABLES)
    ref.fail({
      subject: what,
      code: 'dialect.range',
      problem: `the model has ${variables.length} variables; the simulator evaluates at most ${MAX_MODEL_VARIABLES} (one per measured qubit)`,
    });
  return { label: f.req('_label').string('_label'), objective, constraints, variables };
}

/** Python's order of strings: by code point (not UTF-16 unit). */
function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
