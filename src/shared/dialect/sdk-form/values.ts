import { isScalar, isSeq } from 'yaml';
import type { NodeRef } from '../node-reader';
import type { PyNum } from '../parameter-domain';
import { readPyNumber } from '../py-number';

/*
 * The SDK's data tags as the SDK-form readers meet them: `!tuple [..]`, scalars with a tag of
 * their own (`!Domain Real Domain`, `!type qilisdk.digital.gates.U3`), Python numbers.
 */

/** A scalar carrying `tag` (`!Domain Real Domain`): its text. */
export function taggedScalar(ref: NodeRef, tags: readonly string[], what: string): string {
  const value = ref.scalarValue();
  if (!ref.tag || !tags.includes(ref.tag) || typeof value !== 'string')
    ref.fail({
      subject: what,
      problem: `expected ${tags.join(' or ')} <name>, found ${ref.describe()}`,
    });
  return value;
}

/** A Python number (int or float as written). */
export function pyNumber(ref: NodeRef, what: string): PyNum {
  return readPyNumber(ref, what);
}

/** An empty list (`[]`), as the SDK writes unused bookkeeping. */
export function isEmptyList(ref: NodeRef): boolean {
  return ref.isSequence() && !ref.tag && ref.items('list').length === 0;
}

export function isEmptyDict(ref: NodeRef): boolean {
  return ref.isMapping() && !ref.tag && ref.entries('dict').length === 0;
}

/**
 * The one argument of a `!!python/object/apply:module.Enum [value]` (how the SDK writes an enum
 * it does not register): its scalar value, or undefined when the node is not one such call.
 */
export function enumArgument(ref: NodeRef, tag: string): unknown {
  const node = ref.node;
  if (ref.tag !== tag || !isSeq(node) || node.items.length !== 1) return undefined;
  const item = node.items[0];
  return isScalar(item) ? item.value : undefined;
}
