import type { ParamValues } from '../../../shared/dialect/numbers';
import {
  bindCircuitParameters,
  circuitParameters,
} from '../../../shared/dialect/circuit-parameters';
import type { InnerFunctional, VariationalProgram } from '../../../shared/dialect/variational';
import { cobyla } from '../optim/cobyla';
import { lbfgs } from '../optim/lbfgs';
import { nelderMead } from '../optim/nelder-mead';
import { powell } from '../optim/powell';
import { costOperator } from '../physics/cost-observable';
import type { Objective, OptimizerOptions, OptimizerRun } from '../optim/optimizer-types';
import { spsa } from '../optim/spsa';
import { PauliOperator } from '../physics/pauli-operator';
import type { SdkMap } from '../../../shared/sdk/node';
import * as A from '../../../shared/sdk/a/results';
import * as B from '../../../shared/sdk/b/results';
import { optimizerResult } from '../../../shared/sdk/results/optimizer-result';
import { elapsedSeconds } from './sdk-states';
import { costSourceOf } from '../../../shared/dialect/readouts';
import { ModelCost } from './model-cost';
import { SDK_ATOL } from './model-terms';
import { checkOptimum, constrainedObjective } from './parameter-constraints';
import type { Evaluation } from './evaluate-b';
import { evaluateSampling, evaluateTimeEvolution } from './evaluate-b';
import { evaluateFunctionalA } from './evaluate-a';
import type { RunContext } from './run-context';
import type { Work } from '../work';

/** What the optimiser moves: its names, start, and how a point becomes the inner functional's input. */
interface Search {
  names: string[];
  x0: number[];
  bind: (x: readonly number[]) => { inner: InnerFunctional; values: ParamValues };
  /** A point's values by SDK label: those the SDK sets (`every`: each moved one, as at the optimum). */
  labelled: (x: readonly number[], every?: boolean) => Map<string, number>;
}

/**
 * A circuit's parameters as the SDK optimises them (circuit-parameters.ts): every angle, plain
 * numbers included, under its SDK label; in Variant A only the trainable ones, and one whose
 * bounds are equal is never changed. A schedule's parameters are its `!Parameter`s.
 */
function searchOf(v: VariationalProgram, ctx: RunContext): Search {
  const params = ctx.parsed.ctx.params;
  const inner = v.inner;
  if (inner.kind === 'sampling' || inner.kind === 'digital') {
    const all = circuitParameters(ctx.parsed.variant, inner.circuit, params);
    const moved = all.filter((p) => p.trainable);
    const fixed = (p: (typeof all)[number]) => ctx.parsed.variant === 'A' && p.lower === p.upper;
    const labelled = (x: readonly number[], every = false) =>
      new Map(
        moved
          .map((p, i) => [p.label, x[i]!] as const)
          .filter(([, _v], i) => every || !fixed(moved[i]!)),
      );
    return {
      names: moved.map((p) => p.label),
      x0: moved.map((p) => p.value),
      labelled,
      bind: (x) => {
        const values = labelled(x);
        return {
          inner: { ...inner, circuit: bindCircuitParameters(inner.circuit, all, values) },
          values: NO_VALUES,
        };
      },
    };
  }
  const names = params.names();
  const initial = params.initialValues();
  return {
    names,
    x0: names.map((n) => initial.get(n)!),
    labelled: (x) => new Map(names.map((n, i) => [n, x[i]!])),
    bind: (x) => ({ inner, values: new Map(names.map((n, i) => [n, x[i]!])) }),
  };
}

const NO_VALUES: ParamValues = new Map();

/**
 * Optimise the parameters of the inner functional (searchOf) to minimise ⟨cost observable⟩ on
 * its output, then run the inner functional once more at the optimum for its result. The result is
 * the SDK's `!VariationalProgramResult {_optimizer_result: !OptimizerResult, _result}`: every
 * evaluation as an `!OptimizerIntermediateResult` (cost and parameter values in the order of
 * the parameters), costs that are means over samples as NumPy scalars, as the SDK's cost
 * functions return them; Variant A's carries the wall-clock `_execution_time`.
 */
export async function runVariational(
  v: VariationalProgram,
  ctx: RunContext,
  work: Work,
): Promise<SdkMap> {
  const started = performance.now();
  const { names, x0, bind, labelled } = searchOf(v, ctx);
  const costOp = costOf(v, ctx);
  const max = v.maxIterations;
  const ignored = ignoredSettings(v);
  if (ignored) work.report(0, ignored);

  let progress = 0;
  const costAt: Objective = async (x) => {
    const at = bind(x);
    const ev = await evaluateInner(
      at.inner,
      at.values,
      ctx,
      work.scoped(progress, progress, true),
      costOp,
    );
    return ev.cost!;
  };
  const constraints = v.parameterConstraints;
  const objective = constrainedObjective(constraints, labelled, costAt);
  const opts: OptimizerOptions = {
    maxIterations: max,
    onIteration: (it, entry) => {
      progress = Math.min(0.95, it / max);
      work.report(progress, `iteration ${it}/${max}, cost ${entry.cost.toPrecision(4)}`);
    },
  };
  work.report(0, `${v.method}: ${names.length} parameter(s), up to ${max} iterations`);
  const run = await optimise(v, objective, x0, ctx, opts);
  checkOptimum(constraints, labelled(run.x, true));
  work.report(0.96, `evaluating the optimum (cost ${run.cost.toPrecision(4)})`);
  const best = bind(run.x);
  const atOptimum = await evaluateInner(
    best.inner,
    best.values,
    ctx,
    work.scoped(0.96, 1, true),
    null,
  );

  // The SDK's ModelCostFunction returns a Python float; its observable cost a NumPy mean.
  const numpy = atOptimum.costFromSamples && !(costOp instanceof ModelCost);
  const optimizer = optimizerResult(
    { value: run.cost, numpy },
    run.x,
    run.trace.map((e) => ({ cost: { value: e.cost, numpy }, parameters: e.parameters })),
  );
  return ctx.parsed.variant === 'B'
    ? B.variationalProgramResult(optimizer, atOptimum.result)
    : A.variationalProgramResult(optimizer, atOptimum.result, elapsedSeconds(started));
}

/**
 * What is minimised: the friendly cost's Pauli sum, the SDK cost function's observable (its
 * `_handlers` code is never run: the observable is what that code evaluates), or its classical
 * Model over the samples or the state (model-cost.ts). A sampled observable cost reads the
 * diagonal only, as the SDK's ObservableCostFunction does from samples.
 */
function costOf(v: VariationalProgram, ctx: RunContext): PauliOperator | ModelCost {
  if (v.cost) return PauliOperator.fromSums([v.cost], new Map());
  const cf = v.costFunction;
  if (!cf) throw new Error('a variational program without a cost');
  if (cf.kind === 'model') return new ModelCost(cf.model, SDK_ATOL[ctx.parsed.variant]);
  const inner = v.inner;
  const sampled =
    inner.kind === 'sampling' ||
    ((inner.kind === 'digital' || inner.kind === 'analog') &&
      costSourceOf(ctx.parsed.readouts ?? []) === 'samples');
  return costOperator(cf.observable, sampled);
}

/** SciPy's options each method of the simulator follows (maxiter: every one). */
const FOLLOWED: Partial<Record<VariationalProgram['method'], readonly string[]>> = {
  'L-BFGS-B': ['ftol', 'gtol'],
};

/** L-BFGS-B's `options.ftol` and `options.gtol`, when written. */
function lbfgsTolerances(v: VariationalProgram): { ftol?: number; gtol?: number } {
  const option = (name: string) => v.optimizer.options.find(([k]) => k === name)?.[1].value;
  const [ftol, gtol] = [option('ftol'), option('gtol')];
  return { ...(ftol !== undefined ? { ftol } : {}), ...(gtol !== undefined ? { gtol } : {}) };
}

/** The SDK's settings the simulator's optimisers do not follow, named for the job's log. */
function ignoredSettings(v: VariationalProgram): string | null {
  const followed = ['maxiter', ...(FOLLOWED[v.method] ?? [])];
  const ignored = [
    ...v.optimizer.options.filter(([k]) => !followed.includes(k)).map(([k]) => `options.${k}`),
    ...(v.optimizer.tol ? ['tol'] : []),
    ...(v.costFunction?.island.reason.includes('_handlers')
      ? [
          `the cost function's _handlers code (never run; its ${v.costFunction.kind === 'model' ? 'model' : 'observable'} is evaluated)`,
        ]
      : []),
  ];
  return ignored.length > 0
    ? `not followed by the simulator's ${v.method}: ${ignored.join(', ')}`
    : null;
}

function optimise(
  v: VariationalProgram,
  objective: Objective,
  x0: number[],
  ctx: RunContext,
  opts: OptimizerOptions,
): Promise<OptimizerRun> {
  switch (v.method) {
    case 'Nelder-Mead':
      return nelderMead(objective, x0, opts);
    case 'COBYLA':
      return cobyla(objective, x0, opts);
    case 'Powell':
      return powell(objective, x0, opts);
    case 'L-BFGS-B':
      return lbfgs(objective, x0, { ...opts, ...lbfgsTolerances(v) });
    case 'SPSA':
      return spsa(objective, x0, ctx.rng, opts);
  }
}

function evaluateInner(
  inner: InnerFunctional,
  values: ParamValues,
  ctx: RunContext,
  work: Work,
  costOp: PauliOperator | ModelCost | null,
): Promise<Evaluation> {
  switch (inner.kind) {
    case 'sampling':
      return evaluateSampling(inner, values, ctx, work, costOp);
    case 'timeEvolution':
      return evaluateTimeEvolution(inner, values, ctx, work, costOp);
    case 'digital':
    case 'analog':
      return evaluateFunctionalA(inner, ctx.parsed.readouts ?? [], values, ctx, work, costOp);
  }
}
