import type { SdkMap } from '../node';
import { sdkStr } from '../node';
import type { PyNumber } from '../python/values';
import { fromPyNum, PyObject, pyNumber, pyTuple } from '../python/values';
import { DOMAIN_DEFAULT_BOUNDS } from '../../dialect/parameter-domain';
import type { DomainName } from '../../dialect/parameter-domain';

/** A qilisdk 0.1.x `Parameter`: one Python object, so one node wherever it is used. */
export interface ParameterB {
  readonly node: SdkMap;
  readonly label: string;
  readonly value: PyNumber;
}

export interface ParameterOptions {
  domain?: DomainName;
  /** (lower, upper); a missing bound is the domain's (±1e30 for reals). */
  bounds?: readonly [PyNumber | null, PyNumber | null];
}

/**
 * `Parameter(label, value, domain=Domain.REAL, bounds=(None, None))`: `BaseVariable.__init__`
 * sets `_label`, `_domain`, `_bounds`; then `_value`; `set_bounds` sets `_bounds` again.
 */
export function parameterB(
  label: string,
  value: PyNumber,
  options: ParameterOptions = {},
): ParameterB {
  const domain = options.domain ?? 'Real Domain';
  const [defaultLower, defaultUpper] = DOMAIN_DEFAULT_BOUNDS[domain];
  const lower = options.bounds?.[0] ?? fromPyNum(defaultLower);
  const upper = options.bounds?.[1] ?? fromPyNum(defaultUpper);
  const o = new PyObject('!Parameter')
    .set('_label', sdkStr(label))
    .set('_domain', sdkStr(domain, '!Domain'))
    .set('_bounds', pyTuple([pyNumber(lower), pyNumber(upper)]))
    .set('_value', pyNumber(value));
  return { node: o.node, label, value };
}
