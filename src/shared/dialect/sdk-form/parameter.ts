import type { Node } from 'yaml';
import type { VariantId } from '../../variants/declaration';
import type { NodeRef } from '../node-reader';
import type { DomainName, PyNum } from '../parameter-domain';
import { DOMAIN_DEFAULT_BOUNDS, isDomainName } from '../parameter-domain';
import { pyNumber, taggedScalar } from './values';

/** A `Parameter` as the SDK serialized it (B `!Parameter`, A `!qilisdk.Parameter`). */
export interface SdkParameter {
  label: string;
  value: PyNum;
  bounds: readonly [PyNum, PyNum];
  domain: DomainName;
  /** Variant A only; B parameters are always optimised. */
  trainable: boolean;
  /** The YAML node: one Python object, however often it is referred to. */
  node: Node;
  ref: NodeRef;
}

export const PARAMETER_TAG: Readonly<Record<VariantId, string>> = {
  B: '!Parameter',
  A: '!qilisdk.Parameter',
};
const DOMAIN_TAGS: Readonly<Record<VariantId, string>> = { B: '!Domain', A: '!qilisdk.Domain' };

const KEYS: Readonly<Record<VariantId, readonly string[]>> = {
  B: ['_bounds', '_domain', '_label', '_value'],
  A: ['_bounds', '_domain', '_hash_cache', '_label', '_trainable', '_value'],
};

/** 0.2.x's `ReservoirInput`, a Parameter subclass (never trainable) with the same fields. */
export const RESERVOIR_INPUT_TAG = '!ReservoirInput';

export function isReservoirInput(ref: NodeRef, variant: VariantId): boolean {
  return variant === 'A' && ref.tag === RESERVOIR_INPUT_TAG;
}

export function readSdkParameter(ref: NodeRef, variant: VariantId): SdkParameter {
  const what = isReservoirInput(ref, variant) ? RESERVOIR_INPUT_TAG : PARAMETER_TAG[variant];
  const f = ref.mapping({ tags: [what], what, required: KEYS[variant] });
  const label = f.req('_label').string('_label');
  const written = taggedScalar(f.req('_domain'), [DOMAIN_TAGS[variant]], '_domain');
  const domainName = isDomainName(written)
    ? written
    : f.req('_domain').fail({ subject: what, problem: `unknown domain "${written}"` });
  const boundsRef = f.req('_bounds');
  if (boundsRef.tag !== '!tuple')
    boundsRef.fail({ subject: what, problem: 'expected a !tuple of two bounds' });
  const bounds = boundsRef.items('_bounds').map((b) => pyNumber(b, 'bound'));
  if (bounds.length !== 2)
    boundsRef.fail({ subject: what, problem: `expected two bounds, found ${bounds.length}` });
  const value = pyNumber(f.req('_value'), `value of parameter "${label}"`);
  const trainable = variant === 'A' ? f.req('_trainable').boolean('_trainable') : true;
  if (what === RESERVOIR_INPUT_TAG && trainable)
    f.req('_trainable').fail({ subject: what, problem: 'a reservoir input is never trainable' });
  return {
    label,
    value,
    bounds: [bounds[0]!, bounds[1]!],
    domain: domainName,
    trainable,
    node: ref.node!,
    ref,
  };
}

const same = (a: PyNum, b: PyNum) => Object.is(a.value, b.value) && !!a.int === !!b.int;

/** Whether its bounds are its domain's (what the SDK gives when none are asked for). */
export function hasDefaultBounds(p: SdkParameter): boolean {
  const [lower, upper] = DOMAIN_DEFAULT_BOUNDS[p.domain];
  return same(p.bounds[0], lower) && same(p.bounds[1], upper);
}
