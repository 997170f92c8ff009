import type { FunctionalOf } from '../../../shared/dialect/job-model';
import { entryFor } from '../../../shared/variants/declaration';
import type { ExecuteTypeOf, VariantId } from '../../../shared/variants/declaration';
import type { SdkMap } from '../../../shared/sdk/node';
import { evaluateFunctionalA } from './evaluate-a';
import { evaluateSampling, evaluateTimeEvolution } from './evaluate-b';
import type { RunContext } from './run-context';
import { runExperiment } from './run-experiment';
import { runReservoir } from './run-reservoir';
import { runVariational } from './run-variational';
import type { Work } from '../work';

/** How a job of one execute type runs: what its reader made of the payload → its result. */
type Evaluator<V extends VariantId, T extends ExecuteTypeOf<V>> = (
  functional: FunctionalOf<V, T>,
  ctx: RunContext,
  work: Work,
) => Promise<SdkMap>;

/** One evaluator per declared execute type: the compiler names this table for a new one. */
type Evaluators = {
  readonly [V in VariantId]: { readonly [T in ExecuteTypeOf<V>]: Evaluator<V, T> };
};

const functionalA: Evaluator<'A', 'digital_propagation' | 'analog_evolution'> = async (
  f,
  ctx,
  work,
) =>
  (
    await evaluateFunctionalA(
      f,
      ctx.parsed.readouts ?? [],
      ctx.parsed.ctx.params.initialValues(),
      ctx,
      work,
      null,
    )
  ).result;

const EVALUATORS: Evaluators = {
  B: {
    // A Parameter outside a variational program keeps its declared value (the SDK's `_value`).
    sampling: async (f, ctx, work) =>
      (await evaluateSampling(f, ctx.parsed.ctx.params.initialValues(), ctx, work, null)).result,
    time_evolution: async (f, ctx, work) =>
      (await evaluateTimeEvolution(f, ctx.parsed.ctx.params.initialValues(), ctx, work, null))
        .result,
    variational_program: runVariational,
    rabi_experiment: async (f, ctx) => runExperiment(f, ctx),
    t1_experiment: async (f, ctx) => runExperiment(f, ctx),
  },
  A: {
    digital_propagation: functionalA,
    analog_evolution: functionalA,
    quantum_reservoir: (f, ctx, work) => runReservoir(f, ctx.parsed.readouts ?? [], ctx, work),
    variational_program: runVariational,
    experiment: async (f, ctx) => runExperiment(f, ctx),
  },
};

/** The parsed job of `ctx` run to its result (the SDK's result graph of its variant) by the evaluator of its execute type. */
export function evaluateJob(ctx: RunContext, work: Work): Promise<SdkMap> {
  const { variant, executeType, functional } = ctx.parsed;
  const evaluate = entryFor<Evaluator<VariantId, never>>(EVALUATORS, variant, executeType);
  if (!evaluate) throw new Error(`no evaluator for ${executeType} in Variant ${variant}`);
  // parseJob read `functional` with the reader of this very type, so it is FunctionalOf<V, T>.
  return evaluate(functional as never, ctx, work);
}
