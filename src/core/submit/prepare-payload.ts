import type { ExecutePayload } from '../../shared/variants/payload';
import type { VariantId } from '../../shared/variants/declaration';
import { documentToExecutePayload } from '../../shared/yaml';
import { APP_ERROR_CODES, AppError } from '../errors/app-error';

/**
 * The payload document as the person wrote it, turned into the ExecutePayload the service takes,
 * by the same converter the editor validates with. Errors stop the submit and come back with
 * their lines; warnings (a code-bearing tag, say) were shown in the editor and do not block.
 */
export function preparePayload(variant: VariantId, text: string): ExecutePayload {
  const { payload, problems } = documentToExecutePayload(variant, text);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0 || !payload) {
    const first = errors[0];
    const where = first
      ? ` First: line ${first.line}, column ${first.column}: ${first.message}`
      : '';
    throw new AppError(
      APP_ERROR_CODES.invalidPayload,
      `The payload is not valid for Variant ${variant} (${errors.length} problem${errors.length === 1 ? '' : 's'}); nothing was submitted.${where}`,
      {
        issues: errors.slice(0, 50).map((p) => ({
          path: p.path ?? '',
          message: `line ${p.line}, column ${p.column}: ${p.message}`,
        })),
      },
    );
  }
  return payload;
}
