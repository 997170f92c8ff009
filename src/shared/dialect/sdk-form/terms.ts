import { isMap, isPair } from 'yaml';
import type { VariantId } from '../../variants/declaration';
import type { NodeRef } from '../node-reader';
import { PARAMETER_TAG, readSdkParameter } from './parameter';

/**
 * The value of an SDK `!Term` at its Parameters' current values (`Term.evaluate({})`): a sum
 * (`+`) of coefficient × element, or a product (`*`) of element ^ exponent, where the element
 * `_const_` stands for the constant itself (its value is the coefficient). A nested Term counts
 * as its own value times its coefficient. `time`, when given, is the value of the time Parameter
 * `t` (0.2.x schedules' functions of time), whatever value it was serialized with.
 */
export function evaluateTerm(ref: NodeRef, variant: VariantId, time?: number): number {
  const what = '!Term';
  const f = ref.mapping({ tags: ['!Term'], what, required: ['_elements', '_operation'] });
  const op = f.req('_operation').scalarValue();
  if (f.req('_operation').tag !== '!Operation' || (op !== '+' && op !== '*'))
    f.req('_operation').fail({
      subject: what,
      problem: `the simulator evaluates only + and * Terms, found ${String(op)}`,
    });
  const elements = f.req('_elements');
  if (!isMap(elements.node))
    return elements.fail({ subject: what, problem: 'expected a mapping of elements' });
  let out = op === '+' ? 0 : 1;
  for (const pair of elements.node.items) {
    if (!isPair(pair)) continue;
    const key = elements.child(pair.key, elements.path);
    const coefficientRef = elements.child(pair.value, elements.path);
    // 0.2.x keeps a coefficient as a complex; a coefficient's value is its real part (`_get_value`).
    const coefficient =
      coefficientRef.tag === '!complex'
        ? coefficientRef.complex('Term coefficient').re
        : coefficientRef.number('Term coefficient');
    let value: number;
    if (key.tag === '!Variable') {
      const label = key
        .mapping({
          tags: ['!Variable'],
          what: '!Variable',
          required: ['_label'],
          optional: VARIABLE_KEYS,
        })
        .req('_label')
        .string('_label');
      if (label !== '_const_')
        key.fail({
          subject: what,
          problem: `variable "${label}" has no value (only Parameters do)`,
        });
      out = op === '+' ? out + coefficient : out * coefficient;
      continue;
    } else if (key.tag === PARAMETER_TAG[variant]) {
      const p = readSdkParameter(key, variant);
      value = time !== undefined && p.label === 't' ? time : p.value.value;
    } else if (key.tag === '!Term') {
      value = evaluateTerm(key, variant, time);
      out = op === '+' ? out + value * coefficient : out * value * coefficient;
      continue;
    } else {
      return key.fail({ subject: what, problem: `cannot evaluate an element ${key.describe()}` });
    }
    out = op === '+' ? out + value * coefficient : out * value ** coefficient;
  }
  return out;
}

const VARIABLE_KEYS = [
  '_bin_vars',
  '_bounds',
  '_domain',
  '_encoding',
  '_hash_cache',
  '_precision',
  '_term',
];
