import { z } from 'zod';
import { isPlainObject } from '../json/plain-object';
import type {
  ExecuteKind,
  ExecuteTypeOf,
  PayloadFieldOf,
  ResultFieldOf,
  VariantId,
} from './declaration';
import { VARIANTS } from './declaration';
import { DESCRIPTIONS, payloadDescription } from './descriptions';

/**
 * An inner payload (spec §2.5) as the model holds it: the functional object (and, in Variant A,
 * the readout) each as a YAML string, the form they travel in (docs/wire-format.md, "Encodings").
 */
export type InnerPayload = Record<string, string>;

export type ExecutePayload<V extends VariantId = VariantId> = { type: ExecuteTypeOf<V> } & {
  [F in PayloadFieldOf<V>]?: InnerPayload | null;
};

export type ExecuteResult<V extends VariantId = VariantId> = { type: ExecuteTypeOf<V> } & {
  [F in ResultFieldOf<V>]?: string | null;
} & { [extra: string]: unknown };

/**
 * The form a functional object takes:
 * - `model`: a YAML string (what the wire and the app's models carry);
 * - `document`: any non-null YAML node (what a person writes in the editor: a tagged mapping).
 */
export type PayloadForm = 'model' | 'document';

function opaque(form: PayloadForm, description: string, field: string): z.ZodType {
  if (form === 'model') return z.string().min(1).meta({ description });
  return z
    .custom<unknown>((v) => v !== null && v !== undefined, {
      error: (issue) =>
        issue.input === undefined
          ? `required field '${field}' is missing`
          : `'${field}' must hold the object, not be empty or null`,
    })
    .meta({ description });
}

function innerPayloadSchema(kind: ExecuteKind, form: PayloadForm, strict: boolean) {
  const functionalDescription =
    kind.functionalKind === 'functional object'
      ? DESCRIPTIONS.functionalObject
      : DESCRIPTIONS.experimentObject;
  const shape: Record<string, z.ZodType> = {
    [kind.functionalField]: opaque(form, functionalDescription, kind.functionalField),
  };
  if (kind.readout) shape.readout = opaque(form, DESCRIPTIONS.readout, 'readout');
  const obj = strict ? z.strictObject(shape) : z.looseObject(shape);
  return obj.meta({ description: payloadDescription(kind.payloadObject, kind.executeType) });
}

/** The populated payload fields of an ExecutePayload-like object. */
function populatedPayloadFields(variant: VariantId, value: Record<string, unknown>): string[] {
  return VARIANTS[variant].executeKinds
    .map((k) => k.payloadField)
    .filter((f) => value[f] !== null && value[f] !== undefined);
}

/**
 * The rule of spec §2.6: exactly one payload field is populated, and it is the one matching
 * `type`. Each issue sits on the field that breaks the rule, so an editor can mark it.
 */
function exactlyOnePayloadIssues(
  variant: VariantId,
  value: Record<string, unknown>,
): { path: string[]; message: string }[] {
  const kind = VARIANTS[variant].executeKinds.find((k) => k.executeType === value.type);
  if (!kind) return []; // `type` itself is reported by the enum
  const populated = populatedPayloadFields(variant, value);
  const issues: { path: string[]; message: string }[] = [];
  for (const field of populated) {
    if (field !== kind.payloadField) {
      issues.push({
        path: [field],
        message: `exactly one payload field may be populated, and for type '${kind.executeType}' it is '${kind.payloadField}': remove '${field}' or set it to null`,
      });
    }
  }
  if (!populated.includes(kind.payloadField)) {
    const others = populated.length ? ` (populated instead: ${populated.join(', ')})` : '';
    issues.push({
      path: [kind.payloadField],
      message: `type '${kind.executeType}' requires '${kind.payloadField}' to be populated${others}`,
    });
  }
  return issues;
}

const cache = new Map<string, z.ZodType>();
function memo<T extends z.ZodType>(key: string, build: () => T): T {
  let hit = cache.get(key);
  if (!hit) {
    hit = build();
    cache.set(key, hit);
  }
  return hit as T;
}

/** ExecuteType enum of a variant (§2.4). */
export function executeTypeSchema(variant: VariantId) {
  return memo(`type:${variant}`, () =>
    z
      .enum(VARIANTS[variant].executeKinds.map((k) => k.executeType) as [string, ...string[]])
      .meta({ description: DESCRIPTIONS.executeType }),
  );
}

/** JobType enum of a variant (§2.9). */
export function jobTypeSchema(variant: VariantId) {
  return memo(`jobType:${variant}`, () =>
    z.enum(VARIANTS[variant].jobTypes as unknown as [string, ...string[]]).meta({
      description: DESCRIPTIONS.jobType,
    }),
  );
}

/**
 * The ExecutePayload object without the exactly-one rule (for JSON Schema generation, which
 * cannot carry refinements).
 */
export function executePayloadObjectSchema(
  variant: VariantId,
  options: { form?: PayloadForm; strict?: boolean } = {},
) {
  const form = options.form ?? 'model';
  const strict = options.strict ?? true;
  return memo(`payloadObject:${variant}:${form}:${strict}`, () => {
    const shape: Record<string, z.ZodType> = { type: executeTypeSchema(variant) };
    for (const kind of VARIANTS[variant].executeKinds) {
      // The description sits on the property too, so hovers show it for the whole field.
      shape[kind.payloadField] = innerPayloadSchema(kind, form, strict)
        .nullable()
        .optional()
        .meta({ description: payloadDescription(kind.payloadObject, kind.executeType) });
    }
    const obj = strict ? z.strictObject(shape) : z.looseObject(shape);
    return obj.meta({ description: DESCRIPTIONS.executePayload });
  });
}

/**
 * ExecutePayload (§2.6) with the exactly-one rule. `strict` (the default) rejects unknown
 * fields, as a request schema must; responses use `strict: false`.
 */
export function executePayloadSchema<V extends VariantId>(
  variant: V,
  options: { form?: PayloadForm; strict?: boolean } = {},
): z.ZodType<ExecutePayload<V>> {
  const key = `payload:${variant}:${options.form ?? 'model'}:${options.strict ?? true}`;
  return memo(key, () =>
    executePayloadObjectSchema(variant, options).superRefine(
      (value, ctx) => {
        for (const issue of exactlyOnePayloadIssues(variant, value as Record<string, unknown>)) {
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
      },
      // Zod skips refinements once a field has failed; the editor needs the rule's markers
      // alongside the others (a missing readout AND a second payload), so run it whenever
      // there is an object to look at.
      { when: (payload) => isPlainObject(payload.value) },
    ),
  ) as unknown as z.ZodType<ExecutePayload<V>>;
}

/** ExecuteResult (§2.7): each populated result field is the SDK's YAML string of the result. */
export function executeResultSchema<V extends VariantId>(variant: V): z.ZodType<ExecuteResult<V>> {
  return memo(`result:${variant}`, () => {
    const shape: Record<string, z.ZodType> = { type: executeTypeSchema(variant) };
    for (const field of VARIANTS[variant].resultFields) {
      shape[field] = z.string().nullable().optional();
    }
    return z.looseObject(shape).meta({ description: DESCRIPTIONS.executeResult });
  }) as unknown as z.ZodType<ExecuteResult<V>>;
}
