import type { Island } from '../island';
import { islandText } from '../island';
import type { NodeRef } from '../node-reader';
import type { Observable } from '../observable';
import type { ParseContext } from '../parse-context';
import type { SdkModel } from './model';
import { readSdkModel } from './model';
import { readSdkObservable } from './observables';

/*
 * The SDK's cost functions, which it does not register as tags: `!!python/object:qilisdk.
 * cost_functions.observable_cost_function.ObservableCostFunction {_observable}` and
 * `…model_cost_function.ModelCostFunction {_model}`. qilisdk 0.1.x adds `_handlers`: dill pickles
 * of Python lambdas (`!lambda <base64>`), code the app never decodes nor runs. Such a cost
 * function is kept whole as an island (compile passes its text through exactly); what can be
 * read inside it (the observable, the model) is read for the simulator.
 */

const PYTHON_OBJECT = 'tag:yaml.org,2002:python/object:';
const OBSERVABLE_COST = `${PYTHON_OBJECT}qilisdk.cost_functions.observable_cost_function.ObservableCostFunction`;
const MODEL_COST = `${PYTHON_OBJECT}qilisdk.cost_functions.model_cost_function.ModelCostFunction`;

export type SdkCostFunction =
  | {
      kind: 'observable';
      /** ⟨observable⟩ is the cost (the SDK stores it as a `!QTensor` matrix). */
      observable: Observable;
      /** The whole cost function as read (Variant B's with its `_handlers` code), kept as it was. */
      island: Island;
      ref: NodeRef;
    }
  | {
      kind: 'model';
      /** The classical `!Model` (objective, constraints), read for the simulator (model.ts). */
      model: SdkModel;
      /** The whole cost function, kept as it was. */
      island: Island;
      ref: NodeRef;
    };

export const HANDLERS_REASON =
  "the SDK's cost function carries `_handlers`: pickled Python code (dill lambdas) the friendly form cannot hold; it is passed on as it is, never decoded or run";

export function readSdkCostFunction(ref: NodeRef, ctx: ParseContext): SdkCostFunction {
  const what = '_cost_function';
  const tag = ref.tag ?? '';
  const withHandlers = ctx.variant === 'B';
  const keyed = (key: string) =>
    ref.mapping({
      tags: [tag],
      what,
      required: withHandlers ? ['_handlers', key] : [key],
    });
  if (tag === OBSERVABLE_COST) {
    const f = keyed('_observable');
    if (withHandlers) checkHandlers(f.req('_handlers'));
    const observable = readSdkObservable(f.req('_observable'), ctx.variant, `${what}._observable`);
    return {
      kind: 'observable',
      observable,
      island: island(
        ref,
        withHandlers
          ? HANDLERS_REASON
          : "the SDK's cost function holds its observable as a matrix (QTensor), and the friendly cost takes Pauli expressions; it is passed on as it is",
      ),
      ref,
    };
  }
  if (tag === MODEL_COST) {
    const f = keyed('_model');
    if (withHandlers) checkHandlers(f.req('_handlers'));
    if (f.req('_model').tag !== '!Model')
      f.req('_model').fail({
        subject: what,
        problem: `_model is ${f.req('_model').describe()}`,
        expected: '!Model',
      });
    return {
      kind: 'model',
      model: readSdkModel(f.req('_model'), ctx.variant),
      island: island(
        ref,
        withHandlers
          ? `a ModelCostFunction (a classical !Model, which the friendly form has no construct for); ${HANDLERS_REASON}`
          : 'a ModelCostFunction: a classical !Model, which the friendly form has no construct for',
      ),
      ref,
    };
  }
  ref.checkTag(what);
  return ref.fail({
    subject: what,
    problem: `${tag ? `a ${tag.replace(PYTHON_OBJECT, '!!python/object:')}` : ref.describe()} is not a cost function of the SDK`,
    expected: 'ObservableCostFunction or ModelCostFunction',
  });
}

/** `_handlers`: the SDK's own result types mapped to `!lambda` code, as 0.1.x writes them. */
function checkHandlers(ref: NodeRef): void {
  if (!ref.isMapping() || ref.tag)
    ref.fail({ subject: '_handlers', problem: `expected a mapping, found ${ref.describe()}` });
}

function island(ref: NodeRef, reason: string): Island {
  return { kind: 'island', reason, text: islandText(ref), ref };
}
