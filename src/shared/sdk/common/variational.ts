import type { SdkMap, SdkNode } from '../node';
import { sdkBool, sdkStr } from '../node';
import { fromPyNum, pyDict, pyList, PyObject, pyNumber } from '../python/values';
import type { VariantId } from '../../variants/declaration';
import type { OptimizerSpec } from '../../dialect/optimizer';

/*
 * qilisdk's variational programs. `SciPyOptimizer(method, **kwargs)` sets public `method` and
 * `extra_arguments` (the keyword arguments as given: `options`, `tol`). `VariationalProgram(
 * functional, optimizer, cost_function, store_intermediate_results=False)` sets `_functional`,
 * `_optimizer`, `_cost_function`, `_store_intermediate_results`; 0.2.x also
 * `_parameter_constraints` (empty unless constraints are given).
 */

const PYTHON_OBJECT = 'tag:yaml.org,2002:python/object:';
export const OBSERVABLE_COST_FUNCTION_TAG = `${PYTHON_OBJECT}qilisdk.cost_functions.observable_cost_function.ObservableCostFunction`;

export function sciPyOptimizer(spec: OptimizerSpec): SdkMap {
  const kwargs = pyDict();
  if (spec.options.length > 0)
    kwargs.entries.push([
      sdkStr('options'),
      pyDict(spec.options.map(([k, v]) => [k, pyNumber(fromPyNum(v))] as const)),
    ]);
  if (spec.tol) kwargs.entries.push([sdkStr('tol'), pyNumber(fromPyNum(spec.tol))]);
  return new PyObject('!SciPyOptimizer')
    .set('method', sdkStr(spec.method))
    .set('extra_arguments', kwargs).node;
}

/** qilisdk 0.2.x `ObservableCostFunction(observable)`: `_observable`, always a QTensor. */
export function observableCostFunctionA(qtensor: SdkNode): SdkMap {
  return new PyObject(OBSERVABLE_COST_FUNCTION_TAG).set('_observable', qtensor).node;
}

export function variationalProgram(
  variant: VariantId,
  parts: { functional: SdkNode; optimizer: SdkNode; costFunction: SdkNode; store: boolean },
): SdkMap {
  const o = new PyObject('!VariationalProgram')
    .set('_functional', parts.functional)
    .set('_optimizer', parts.optimizer)
    .set('_cost_function', parts.costFunction)
    .set('_store_intermediate_results', sdkBool(parts.store));
  if (variant === 'A') o.set('_parameter_constraints', pyList([]));
  return o.node;
}
