import { z } from 'zod';
import type { VariantId } from './declaration';
import { executePayloadObjectSchema } from './payload';

export type JsonSchema = Record<string, unknown>;

const cache = new Map<VariantId, JsonSchema>();

/**
 * The JSON Schema the editor validates a payload document against. Derived from the zod
 * schema of the document form; the exactly-one rule is a refinement that JSON Schema cannot
 * carry, so the editor runs the zod schema itself for that.
 */
export function editorJsonSchema(variant: VariantId): JsonSchema {
  let hit = cache.get(variant);
  if (!hit) {
    const generated = z.toJSONSchema(executePayloadObjectSchema(variant, { form: 'document' }), {
      io: 'input',
      target: 'draft-7',
      unrepresentable: 'any',
    }) as JsonSchema;
    hit = { ...generated, title: `ExecutePayload (Variant ${variant})` };
    cache.set(variant, hit);
  }
  return hit;
}
