import type * as Monaco from 'monaco-editor';
import { configureMonacoYaml } from 'monaco-yaml';
import type { MonacoYaml } from 'monaco-yaml';
import { editorJsonSchema } from '../../../shared/variants';
import type { JsonSchema } from '../../../shared/variants/json-schema';
import type { VariantId } from '../../../shared/variants';
import { registerDialectCompletion } from './dialect-completion';

/** Payload models live under this folder; the schema is bound to it by `fileMatch`. */
export const PAYLOAD_URI_PREFIX = 'file:///payloads/';
const FILE_MATCH = ['**/payloads/*.yaml'];

let handle: MonacoYaml | null = null;
/** The variant completion answers for, and the one the schemas were last set for. */
let currentVariant: VariantId | null = null;
let schemaVariant: VariantId | null = null;

/**
 * The schema as monaco-yaml completes and hovers with it. Without the inner payloads' `null`
 * form (never what a person means there, and it was the only value offered after
 * `sampling_payload:`), without the document's title (offered as an entry of its own,
 * "object(ExecutePayload (Variant B))", and "object" once untitled), and with the inner payload's keys left to the dialect's
 * completion (`doNotSuggest`), which writes them out with their tags instead of a bare key.
 */
export function completionSchema(schema: JsonSchema): JsonSchema {
  // Without `required` at the top there is no "object" entry that writes every required key.
  const { title: _title, required: _required, ...rest } = schema;
  const properties = (rest['properties'] ?? {}) as Record<string, JsonSchema>;
  const inner = (object: JsonSchema): JsonSchema => {
    const own = (object['properties'] ?? {}) as Record<string, JsonSchema>;
    return {
      ...object,
      properties: Object.fromEntries(
        Object.entries(own).map(([key, value]) => [key, { ...value, doNotSuggest: true }]),
      ),
    };
  };
  const out: Record<string, JsonSchema> = {};
  for (const [key, value] of Object.entries(properties)) {
    const anyOf = value['anyOf'] as JsonSchema[] | undefined;
    const object = anyOf?.find((s) => s['type'] === 'object');
    out[key] = object ? { description: value['description'], ...inner(object) } : value;
  }
  return { ...rest, properties: out };
}

function schemasFor(variant: VariantId) {
  return [
    {
      // A name, not an address: schema requests are off, nothing is ever fetched from it.
      uri: `https://quantum-job-studio.invalid/schemas/execute-payload-${variant.toLowerCase()}.json`,
      fileMatch: FILE_MATCH,
      schema: completionSchema(editorJsonSchema(variant)),
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
