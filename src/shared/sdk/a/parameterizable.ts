import type { SdkMap } from '../node';
import { sdkStr } from '../node';
import { PyObject, pyDict, pyList } from '../python/values';

/**
 * An object of a 0.2.x class derived from `Parameterizable`, whose `__init__` first sets the
 * fresh `_parameters = {}`, `_parameter_constraints = []`, `_prefix = ''`.
 */
export class ParameterizableA {
  readonly object: PyObject;
  readonly parameters: SdkMap = pyDict();

  constructor(tag: string) {
    this.object = new PyObject(tag)
      .set('_parameters', this.parameters)
      .set('_parameter_constraints', pyList([]))
      .set('_prefix', sdkStr(''));
  }

  get node(): SdkMap {
    return this.object.node;
  }
}
