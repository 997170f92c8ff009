import { isMap, isPair } from 'yaml';
import type { VariantId } from '../../variants/declaration';
import type { NodeRef } from '../node-reader';
import { readPyNumber } from '../py-number';
import { PARAMETER_TAG, readSdkParameter } from './parameter';

/*
 * qilisdk's symbolic algebra (core/variables.py) kept as data: a `!Term {_elements, _operation}`
 * maps each element (a variable, a nested Term, or the constant `!Variable _const_`) to its
 * coefficient, and a `!ComparisonTerm {_lhs, _operation, _rhs}` compares two Terms. Read for a
 * Model's objective and constraints (BinaryVariable, SpinVariable) and for a VariationalProgram's
 * parameter constraints (Parameters). Variables are one by label, as the SDK hashes them.
 */

/** A Python int, float or complex as written (`!complex {real, imag}`). */
export interface PyComplex {
  re: number;
  im: number;
  /** Written as a Python int. */
  int?: true;
}

export type TermOperation = '+' | '-' | '*' | '/';
export type ComparisonOperation = '<' | '<=' | '==' | '!=' | '>' | '>=';

export type TermVariable =
  | { kind: 'binary' | 'spin'; label: string }
  /** A Parameter, with the value it was written with (used when the optimiser does not move it). */
  | { kind: 'parameter'; label: string; value: number };

export type TermElement =
  | { kind: 'const'; coefficient: PyComplex }
  | { kind: 'variable'; variable: TermVariable; coefficient: PyComplex }
  | { kind: 'term'; term: ModelTerm; coefficient: PyComplex };

export interface ModelTerm {
  operation: TermOperation;
  elements: TermElement[];
}

export interface ModelComparison {
  lhs: ModelTerm;
  operation: ComparisonOperation;
  rhs: ModelTerm;
  ref: NodeRef;
}

/** What a Term may hold, and how much of it: every element read (aliases included) counts. */
export interface TermReading {
  variant: VariantId;
  allow: 'model' | 'parameters';
  /** Elements still allowed (shared by every Term of one model or list of constraints). */
  budget: { left: number; limit: number; what: string };
  /** Variables met so far, by label (one label is one variable). */
  seen: Map<string, TermVariable>;
}

/** Nesting of Terms in Terms past which a payload is refused (the SDK's own stay shallow). */
export const MAX_TERM_DEPTH = 32;

const OPERATIONS: readonly string[] = ['+', '-', '*', '/'];
const COMPARISONS: readonly string[] = ['<', '<=', '==', '!=', '>', '>='];
const VARIABLE_TAGS = { binary: '!BinaryVariable', spin: '!SpinVariable' } as const;
const DOMAINS = { binary: 'Binary Domain', spin: 'Spin Domain' } as const;
const DOMAIN_TAGS: readonly string[] = ['!Domain', '!qilisdk.Domain'];
const CONST_KEYS = [
  '_bin_vars',
  '_bounds',
  '_domain',
  '_encoding',
  '_hash_cache',
  '_precision',
  '_term',
];

export function readComparison(ref: NodeRef, r: TermReading): ModelComparison {
  const what = '!ComparisonTerm';
  const f = ref.mapping({ tags: [what], what, required: ['_lhs', '_operation', '_rhs'] });
  const op = f.req('_operation');
  const operation = op.scalarValue();
  if (op.tag !== '!ComparisonOperation' || !COMPARISONS.includes(String(operation)))
    op.fail({
      subject: what,
      problem: `expected !ComparisonOperation ${COMPARISONS.join(' | ')}, found ${op.describe()}`,
    });
  return {
    lhs: readTerm(f.req('_lhs'), r),
    operation: operation as ComparisonOperation,
    rhs: readTerm(f.req('_rhs'), r),
    ref,
  };
}

export function readTerm(ref: NodeRef, r: TermReading, depth = 0): ModelTerm {
  const what = '!Term';
  if (depth > MAX_TERM_DEPTH)
    ref.fail({ subject: what, problem: `Terms nest deeper than ${MAX_TERM_DEPTH} levels` });
  const f = ref.mapping({ tags: [what], what, required: ['_elements', '_operation'] });
  const op = f.req('_operation');
  const operation = op.scalarValue();
  if (op.tag !== '!Operation' || !OPERATIONS.includes(String(operation)))
    op.fail({
      subject: what,
      problem: `expected !Operation ${OPERATIONS.join(' | ')}, found ${op.describe()}`,
      hint: 'mathematical maps (sin, cos, …) are not evaluated by the simulator',
    });
  const list = f.req('_elements');
  const node = list.node;
  if (!isMap(node) || list.tag)
    return list.fail({
      subject: what,
      problem: `_elements: expected a mapping, found ${list.describe()}`,
    });
  const elements: TermElement[] = [];
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    if (--r.budget.left < 0)
      list.fail({
        subject: what,
        code: 'dialect.range',
        problem: `${r.budget.what}: more than ${r.budget.limit} Term elements (aliases counted each time), the simulator's limit`,
      });
    const key = list.child(pair.key, list.path);
    const coefficient = readCoefficient(list.child(pair.value, list.path));
    elements.push(readElement(key, coefficient, r, depth));
  }
  return { operation: operation as TermOperation, elements };
}

function readElement(
  key: NodeRef,
  coefficient: PyComplex,
  r: TermReading,
  depth: number,
): TermElement {
  if (key.tag === '!Term') return { kind: 'term', term: readTerm(key, r, depth + 1), coefficient };
  if (key.tag === '!Variable') {
    const f = key.mapping({
      tags: ['!Variable'],
      what: '!Variable',
      required: ['_label'],
      optional: CONST_KEYS,
    });
    const label = f.req('_label').string('_label');
    if (label !== '_const_')
      key.fail({
        subject: '!Variable',
        problem: `the continuous Variable "${label}" (an encoding over several bits) is not evaluated by the simulator`,
        expected: r.allow === 'model' ? 'BinaryVariable or SpinVariable' : 'a Parameter',
      });
    return { kind: 'const', coefficient };
  }
  return { kind: 'variable', variable: readVariable(key, r), coefficient };
}

function readVariable(ref: NodeRef, r: TermReading): TermVariable {
  let variable: TermVariable;
  if (r.allow === 'parameters') {
    if (ref.tag !== PARAMETER_TAG[r.variant])
      ref.fail({
        subject: 'parameter constraint',
        problem: `only Parameters can be constrained, found ${ref.describe()}`,
        expected: PARAMETER_TAG[r.variant],
      });
    const p = readSdkParameter(ref, r.variant);
    variable = { kind: 'parameter', label: p.label, value: p.value.value };
  } else {
    const kind =
      ref.tag === VARIABLE_TAGS.binary ? 'binary' : ref.tag === VARIABLE_TAGS.spin ? 'spin' : null;
    if (!kind)
      return ref.fail({
        subject: '!Term',
        problem: `a model's Term holds ${ref.describe()}`,
        expected: '!BinaryVariable, !SpinVariable, a !Term or the constant !Variable _const_',
      });
    const tag = VARIABLE_TAGS[kind];
    const f = ref.mapping({
      tags: [tag],
      what: tag,
      required: ['_label'],
      optional: ['_bounds', '_domain', '_hash_cache'],
    });
    const domain = f.get('_domain');
    if (
      domain &&
      (!DOMAIN_TAGS.includes(domain.tag ?? '') || domain.scalarValue() !== DOMAINS[kind])
    )
      domain.fail({
        subject: tag,
        problem: `expected the ${DOMAINS[kind]}, found ${domain.describe()}`,
      });
    variable = { kind, label: f.req('_label').string('_label') };
  }
  const before = r.seen.get(variable.label);
  if (before && before.kind !== variable.kind)
    ref.fail({
      subject: '!Term',
      problem: `"${variable.label}" names a ${before.kind} variable and a ${variable.kind} one; the SDK takes one label as one variable`,
    });
  if (!before) r.seen.set(variable.label, variable);
  return variable;
}

function readCoefficient(ref: NodeRef): PyComplex {
  if (ref.tag === '!complex') return ref.complex('Term coefficient');
  const n = readPyNumber(ref, 'Term coefficient');
  return n.int ? { re: n.value, im: 0, int: true } : { re: n.value, im: 0 };
}
