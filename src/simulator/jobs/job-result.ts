import { VARIANTS, executeResultSchema } from '../../shared/variants';
import type { ExecuteResult, VariantId } from '../../shared/variants';

/**
 * The ExecuteResult of a completed job (spec §2.7): `type`, the populated result field holding
 * the engine's tagged YAML, and every other result field of the variant null.
 */
export function resultFor(
  variant: VariantId,
  executeType: string,
  resultField: string,
  resultYaml: string,
): ExecuteResult {
  const fields = VARIANTS[variant].resultFields as readonly string[];
  if (!fields.includes(resultField)) {
    throw new Error(
      `the engine returned '${resultField}', which Variant ${variant} results do not have`,
    );
  }
  const result: Record<string, unknown> = { type: executeType };
  for (const field of fields) result[field] = field === resultField ? resultYaml : null;
  return executeResultSchema(variant).parse(result);
}
