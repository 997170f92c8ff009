import type * as Monaco from 'monaco-editor';
import { configureMonacoYaml } from 'monaco-yaml';
import type { MonacoYaml } from 'monaco-yaml';
import { editorJsonSchema } from '../../../../shared/variants';
import type { VariantId } from '../../../../shared/variants';
import { CUSTOM_TAGS } from './custom-tags';

/** Payload models live under this folder; the schema is bound to it by `fileMatch`. */
export const PAYLOAD_URI_PREFIX = 'file:///payloads/';
const FILE_MATCH = ['**/payloads/*.yaml'];

let handle: MonacoYaml | null = null;
let currentVariant: VariantId | null = null;

function schemasFor(variant: VariantId) {
  return [
    {
      // A name, not an address: schema requests are off, nothing is ever fetched from it.
      uri: `https://quantum-job-studio.invalid/schemas/execute-payload-${variant.toLowerCase()}.json`,
      fileMatch: FILE_MATCH,
      schema: editorJsonSchema(variant),
    },
  ];
}

/**
 * The app's single monaco-yaml instance (there may be only one). Later variant switches update
 * its schemas through the handle, which restarts the worker and revalidates every model.
 */
export function ensureYamlLanguage(monaco: typeof Monaco, variant: VariantId): MonacoYaml {
  if (!handle) {
    handle = configureMonacoYaml(monaco, {
      enableSchemaRequest: false,
      validate: true,
      completion: true,
      hover: true,
      // The schema has no address worth opening: keep the hover free of a dead link.
      hoverSchemaSource: false,
      format: { enable: true },
      customTags: CUSTOM_TAGS,
      schemas: schemasFor(variant),
    });
    currentVariant = variant;
  } else if (variant !== currentVariant) {
    currentVariant = variant;
    void handle.update({ schemas: schemasFor(variant) });
  }
  return handle;
}
