import type { SdkMap } from '../node';
import { sdkBool, sdkNull, sdkStr } from '../node';
import type { DomainName } from '../../dialect/parameter-domain';
import { DOMAIN_DEFAULT_BOUNDS } from '../../dialect/parameter-domain';
import type { PyNumber } from '../python/values';
import { fromPyNum, PyObject, pyNumber, pyTuple } from '../python/values';

/** A qilisdk 0.2.x `Parameter` (`!qilisdk.Parameter`): one Python object, one node. */
export interface ParameterA {
  readonly node: SdkMap;
  readonly label: string;
  readonly value: PyNumber;
}

export interface ParameterOptionsA {
  domain?: DomainName;
  bounds?: readonly [PyNumber | null, PyNumber | null];
  trainable?: boolean;
  /** A subclass's tag: `!ReservoirInput` (`ReservoirInput(label, value)`, never trainable). */
  tag?: string;
}

/**
 * `Parameter(label, value, domain=Domain.REAL, bounds=(None, None), trainable=True)`:
 * `BaseVariable.__init__` sets `_label`, `_domain`, `_bounds` and the fresh cache
 * `_hash_cache = None` (a Parameter used as a dict key, in a Term, caches its hash: the caller
 * passes it); then `_value`, `_trainable`; `set_bounds` sets `_bounds` again.
 */
export function parameterA(
  label: string,
  value: PyNumber,
  options: ParameterOptionsA = {},
  hashCache: bigint | null = null,
): ParameterA {
  const domain = options.domain ?? 'Real Domain';
  const [defaultLower, defaultUpper] = DOMAIN_DEFAULT_BOUNDS[domain];
  const lower = options.bounds?.[0] ?? fromPyNum(defaultLower);
  const upper = options.bounds?.[1] ?? fromPyNum(defaultUpper);
  const o = new PyObject(options.tag ?? '!qilisdk.Parameter')
    .set('_label', sdkStr(label))
    .set('_domain', sdkStr(domain, '!qilisdk.Domain'))
    .set('_bounds', pyTuple([pyNumber(lower), pyNumber(upper)]))
    .set('_hash_cache', hashCache === null ? sdkNull() : pyNumber(hashCache))
    .set('_value', pyNumber(value))
    .set('_trainable', sdkBool(options.trainable ?? true));
  return { node: o.node, label, value };
}
