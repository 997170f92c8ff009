import { quoted } from '../text/quote';
import type { NodeRef } from './node-reader';
import { limitProblem } from './parse-context';
import type { ParseContext } from './parse-context';
import type { PyNum } from './parameter-domain';

export type OptimizerMethod = 'COBYLA' | 'Nelder-Mead' | 'Powell' | 'L-BFGS-B' | 'SPSA';

/**
 * The optimiser as the SDK holds it (`SciPyOptimizer(method, **kwargs)`): SciPy's method name,
 * `options` (numbers by name, in the order written) and `tol`. The friendly `max_iterations` is
 * `options.maxiter`. SPSA is the simulator's own: the SDK has no SPSA.
 */
export interface OptimizerSpec {
  method: string;
  options: Array<[string, PyNum]>;
  tol: PyNum | null;
}

/** Used when `max_iterations` is left out; the simulator's maxIterations limit still applies. */
const DEFAULT_MAX_ITERATIONS = 100;

const METHODS: Record<string, OptimizerMethod> = {
  cobyla: 'COBYLA',
  'nelder-mead': 'Nelder-Mead',
  neldermead: 'Nelder-Mead',
  powell: 'Powell',
  'l-bfgs-b': 'L-BFGS-B',
  lbfgsb: 'L-BFGS-B',
  spsa: 'SPSA',
};

/** The method the simulator runs for a written SciPy method name (case and `_` forgiven). */
export function optimizerMethod(methodRef: NodeRef): OptimizerMethod {
  const written = methodRef.string('method');
  const method = METHODS[written.toLowerCase().replace(/[\s_]/g, '-')];
  if (!method) {
    throw methodRef.error({
      subject: '!Optimizer',
      problem: `unknown method ${quoted(written)}`,
      expected: 'COBYLA, Nelder-Mead, Powell, L-BFGS-B or SPSA',
    });
  }
  return method;
}

/** `options.maxiter` (or the default), held to the simulator's maxIterations limit. */
export function checkedIterations(spec: OptimizerSpec, at: NodeRef, ctx: ParseContext): number {
  const maxiter = spec.options.find(([k]) => k === 'maxiter')?.[1];
  if (maxiter && (!maxiter.int || maxiter.value < 1))
    at.fail({
      subject: '!Optimizer',
      problem: `maxiter ${maxiter.value} is not a positive integer`,
    });
  const maxIterations = maxiter?.value ?? DEFAULT_MAX_ITERATIONS;
  if (maxIterations > ctx.limits.maxIterations) {
    limitProblem(at, {
      subject: '!Optimizer',
      problem: `${maxIterations} iterations exceed the simulator limit maxIterations = ${ctx.limits.maxIterations}`,
      hint: 'lower max_iterations or raise maxIterations in the simulator settings',
    });
  }
  return maxIterations;
}
