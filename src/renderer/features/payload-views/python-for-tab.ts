import { payloadAsPython } from '../../../shared/sdk/python-script/python-script';
import type { PythonScript } from '../../../shared/sdk/python-script/python-script';
import type { VariantId } from '../../../shared/variants';
import { documentToExecutePayload } from '../../../shared/yaml';
import { readHeaderComment } from '../../../shared/yaml/header-comment';

/**
 * The editor's text as the variant's SDK Python ("Copy as Python"): the same generator as
 * `qjob convert --to python`, given the payload's `# device:` comment and the tab's job name.
 * A text that does not read as a payload is refused with its first error, line and column.
 */
export function pythonForText(
  variant: VariantId,
  text: string,
  options: { jobName?: string; source?: string } = {},
): PythonScript {
  if (!text.trim()) return { refused: 'The payload is empty: there is nothing to write.' };
  const { payload, problems } = documentToExecutePayload(variant, text);
  const error = problems.find((p) => p.severity === 'error');
  if (!payload || error) {
    const where = error ? ` (line ${error.line}, column ${error.column})` : '';
    return {
      refused: `The payload is not a valid Variant ${variant} payload${where}: ${error?.message ?? 'it could not be read'}. Fix it in the editor first.`,
    };
  }
  const device = readHeaderComment(text).device;
  return payloadAsPython(variant, payload, {
    ...(device ? { device } : {}),
    ...(options.jobName ? { jobName: options.jobName } : {}),
    ...(options.source ? { source: options.source } : {}),
  });
}
