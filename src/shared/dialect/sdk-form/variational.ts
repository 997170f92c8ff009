import type { NodeRef } from '../node-reader';
import type { OptimizerSpec } from '../optimizer';
import { checkedIterations, optimizerMethod } from '../optimizer';
import type { ParseContext } from '../parse-context';
import type { PyNum } from '../parameter-domain';
import { readPyNumber } from '../py-number';
import { need } from '../read-session';
import type { VariationalProgram } from '../variational';
import { readInner } from '../variational-inner';
import { readSdkCostFunction } from './cost-functions';
import { readParameterConstraints } from './parameter-constraints';

/*
 * `!VariationalProgram` in the SDK's form: `_functional`, `_optimizer` (`!SciPyOptimizer {method,
 * extra_arguments: {options, tol}}`), `_cost_function` (cost-functions.ts),
 * `_store_intermediate_results`; qilisdk 0.2.x adds `_parameter_constraints` (ComparisonTerms over
 * the circuit's Parameters).
 */

const KEYS = {
  B: ['_cost_function', '_functional', '_optimizer', '_store_intermediate_results'],
  A: [
    '_cost_function',
    '_functional',
    '_optimizer',
    '_parameter_constraints',
    '_store_intermediate_results',
  ],
} as const;

/** SciPy keyword arguments the model holds; any other (jac, bounds, constraints, …) is refused. */
const EXTRA_ARGUMENTS = ['options', 'tol'];

export function readSdkVariational(ref: NodeRef, ctx: ParseContext): VariationalProgram {
  const what = '!VariationalProgram';
  const f = ref.mapping({ tags: [what], what, required: KEYS[ctx.variant] });
  const inner = ref.attempt(() => readInner(f.req('_functional'), ctx));
  const costFunction = ref.attempt(() => readSdkCostFunction(f.req('_cost_function'), ctx));
  const optimizerRef = f.req('_optimizer');
  const spec = ref.attempt(() => readSciPyOptimizer(optimizerRef));
  const store = ref.attempt(() =>
    f.req('_store_intermediate_results').boolean('_store_intermediate_results'),
  );
  const method = ref.attempt(() => optimizerMethod(optimizerRef.mapping(SCIPY_SPEC).req('method')));
  const maxIterations = spec ? checkedIterations(spec, optimizerRef, ctx) : undefined;
  const constraints =
    ctx.variant === 'A' && inner
      ? ref.attempt(() => readParameterConstraints(f.req('_parameter_constraints'), inner, ctx))
      : [];
  return {
    kind: 'variational',
    inner: need(inner),
    cost: null,
    method: need(method),
    maxIterations: need(maxIterations),
    optimizer: need(spec),
    costFunction: need(costFunction),
    storeIntermediateResults: need(store),
    parameterConstraints: need(constraints),
    ref,
  };
}

const SCIPY_SPEC = {
  tags: ['!SciPyOptimizer'],
  what: '!SciPyOptimizer',
  required: ['extra_arguments', 'method'],
};

function readSciPyOptimizer(ref: NodeRef): OptimizerSpec {
  const f = ref.mapping(SCIPY_SPEC);
  const extra = f.req('extra_arguments');
  let options: Array<[string, PyNum]> = [];
  let tol: PyNum | null = null;
  for (const { key, value } of extra.entries('extra_arguments')) {
    if (!EXTRA_ARGUMENTS.includes(key))
      value.fail({
        subject: '!SciPyOptimizer',
        problem: `the SciPy argument ${key} is not read`,
        expected: EXTRA_ARGUMENTS.join(' and '),
      });
    if (key === 'tol') tol = readPyNumber(value, 'tol');
    else
      options = value
        .entries('options')
        .map(({ key: k, value: v }) => [k, readPyNumber(v, `options.${k}`)]);
  }
  return { method: f.req('method').string('method'), options, tol };
}
