import { describe, expect, it } from 'vitest';
import { editorJsonSchema, VARIANT_IDS } from '../../../../src/shared/variants';
import { SPEC } from './spec-tables';

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  required?: string[];
};

describe.each(VARIANT_IDS)('editor JSON Schema, Variant %s', (variant) => {
  const schema = editorJsonSchema(variant) as Schema;

  it('is draft-7, strict at the top, with type and every payload field', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties ?? {})).toEqual([
      'type',
      ...SPEC[variant].payloads.map((p) => p[1]),
    ]);
    expect(schema.required).toEqual(['type']);
    expect(schema.properties?.type?.enum).toEqual(SPEC[variant].executeTypes);
  });

  it.each(SPEC[variant].payloads.map((p) => [p[1], p] as const))(
    '%s: nullable object with its required fields and a hover text',
    (field, row) => {
      const property = schema.properties?.[field] as Schema;
      expect(property.description).toMatch(/spec §2\.5/);
      const object = property.anyOf?.find((s) => s.type === 'object') as Schema;
      expect(property.anyOf?.some((s) => s.type === 'null')).toBe(true);
      expect(object.required).toEqual(row[3] ? [row[2], 'readout'] : [row[2]]);
      expect(object.additionalProperties).toBe(false);
      // Functional objects are tagged YAML: no JSON type is imposed on them.
      expect(object.properties?.[row[2]]?.type).toBeUndefined();
      expect(object.properties?.[row[2]]?.description).toMatch(
        /not shown by the specification|identified/,
      );
    },
  );
});
