import type { VariantId } from '../variants/declaration';
import { keysOf, objectDecl } from './declaration';
import type { MappingSpec } from './node-reader';

/** What `NodeRef.mapping` checks for a declared object: its tag and its keys. */
export function mappingSpec(variant: VariantId, tag: string): MappingSpec {
  return { tags: [tag], what: tag, ...keysOf(objectDecl(variant, tag)) };
}
