import type * as Monaco from 'monaco-editor';
import { configureMonacoYaml } from 'monaco-yaml';
import type { MonacoYaml } from 'monaco-yaml';
import { editorJsonSchema } from '../../../shared/variants';
import type { VariantId } from '../../../shared/variants';
import { registerDialectCompletion } from './dialect-completion';

/** Payload models live under this folder; the schema is bound to it by `fileMatch`. */
export const PAYLOAD_URI_PREFIX = 'file:///payloads/';
const FILE_MATCH = ['**/payloads/*.yaml'];

let handle: MonacoYaml | null = null;
/** The variant completion answers for, and the one the schemas were last set for. */
let currentVariant: VariantId | null = null;
let schemaVariant: VariantId | null = null;

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
 * The app's single monaco-yaml instance (there may be only one), for completion and hover from
 * the variant's JSON Schema. Later variant switches update its schemas through the handle.
 *
 * It does not validate: our own analysis (analysis/) runs the zod schema the JSON Schema is
 * generated from, plus YAML syntax and the payload dialect, so every problem monaco-yaml could
 * report would be reported twice, once as its warning and once as our error. Without validation
 * it needs no `customTags` either, and those were what flooded completion: yaml-language-server
 * offers every declared custom tag at every position, ahead of the schema's values. Tags come
 * from our own completion instead, only where a tag can stand (dialect-completion.ts).
 */
export function ensureYamlLanguage(monaco: typeof Monaco, variant: VariantId): MonacoYaml {
  currentVariant = variant;
  if (!handle) {
    handle = configureMonacoYaml(monaco, {
      enableSchemaRequest: false,
      validate: false,
      completion: true,
      hover: true,
      // The schema has no address worth opening: keep the hover free of a dead link.
      hoverSchemaSource: false,
      format: { enable: true },
      schemas: schemasFor(variant),
    });
    registerDialectCompletion(monaco, {
      variant: () => currentVariant ?? variant,
      applies: (uri) => uri.toString().startsWith(PAYLOAD_URI_PREFIX),
    });
    schemaVariant = variant;
  } else if (variant !== schemaVariant) {
    schemaVariant = variant;
    void handle.update({ schemas: schemasFor(variant) });
  }
  return handle;
}
