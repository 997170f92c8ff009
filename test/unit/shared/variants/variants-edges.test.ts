import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  VARIANTS,
  executePayloadObjectSchema,
  executePayloadSchema,
  isVariantId,
  jobDetailSchema,
  jobIdSchema,
  tokenFromWire,
} from '../../../../src/shared/variants';
import { DESCRIPTIONS } from '../../../../src/shared/variants/descriptions';
import { editorJsonSchema } from '../../../../src/shared/variants/json-schema';
import { formatIssuePath, pathIssues, segmentIssues } from '../../../../src/shared/variants/issues';

/**
 * The variants' models at their edges: the messages an editor marker or a 4xx answer shows,
 * the hover texts the editor's schema carries, and what each variant's records allow.
 */

describe('isVariantId', () => {
  it('is A or B, nothing else', () => {
    expect(['A', 'B', 'a', 'C', '', null, 1].map(isVariantId)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('issue paths and messages', () => {
  it('formats paths: indexes in brackets, odd keys quoted, a prefix joined', () => {
    expect(formatIssuePath(['items', 3, 'created_at'])).toBe('items[3].created_at');
    expect(formatIssuePath([0, 'a'])).toBe('[0].a');
    expect(formatIssuePath(['meta', 'a.b', 'c d', '$ok', 'x-y'])).toBe(
      'meta["a.b"]["c d"].$ok.x-y',
    );
    expect(formatIssuePath(['type'], 'payload')).toBe('payload.type');
    expect(formatIssuePath([2], 'items')).toBe('items[2]');
    expect(formatIssuePath([])).toBe('');
    expect(formatIssuePath([Symbol.for('s')])).toBe('["Symbol(s)"]');
  });

  it('one issue per unknown key, on the key; a missing field says so', () => {
    const schema = z.strictObject({ name: z.string(), n: z.number() });
    const issues = segmentIssues(schema.safeParse({ extra: 1, other: 2, n: 1 }).error!.issues);
    expect(issues).toEqual([
      { path: ['name'], message: "required field 'name' is missing", code: 'invalid_type' },
      { path: ['extra'], message: "unknown field 'extra'", code: 'unrecognized_keys' },
      { path: ['other'], message: "unknown field 'other'", code: 'unrecognized_keys' },
    ]);
    const top = segmentIssues(z.string().safeParse(undefined).error!.issues);
    expect(top).toEqual([
      { path: [], message: "required field 'value' is missing", code: 'invalid_type' },
    ]);
    const wrong = segmentIssues(
      z.strictObject({ n: z.number() }).safeParse({ n: 'x' }).error!.issues,
    );
    expect(wrong[0]!.message).not.toMatch(/required/);
    expect(wrong[0]!.path).toEqual(['n']);
  });

  it('a union is reported by the branch that got furthest, with its path', () => {
    const schema = z.strictObject({
      v: z.union([z.string(), z.strictObject({ deep: z.strictObject({ x: z.number() }) })]),
    });
    const issues = pathIssues(schema.safeParse({ v: { deep: { x: 'no' } } }).error!.issues, 'body');
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe('body.v.deep.x');
    // A union whose branches say nothing more keeps its own message.
    const flat = segmentIssues(
      z.union([z.literal('a'), z.literal('b')]).safeParse('c').error!.issues,
    );
    expect(flat).toHaveLength(1);
    expect(flat[0]!.path).toEqual([]);
  });

  it('keeps numeric path segments as numbers', () => {
    const issues = segmentIssues(z.array(z.number()).safeParse([1, 'x']).error!.issues);
    expect(issues[0]!.path).toEqual([1]);
    expect(typeof issues[0]!.path[0]).toBe('number');
  });
});

describe('payload models', () => {
  it('the document form says what a functional field lacks: missing or empty', () => {
    const schema = executePayloadSchema('A', { form: 'document' });
    const missing = pathIssues(
      schema.safeParse({
        type: 'digital_propagation',
        digital_propagation_payload: { readout: { n: 1 } },
      }).error!.issues,
    );
    expect(missing).toContainEqual({
      path: 'digital_propagation_payload.digital_propagation',
      message: "required field 'digital_propagation' is missing",
    });
    const empty = pathIssues(
      schema.safeParse({
        type: 'digital_propagation',
        digital_propagation_payload: { digital_propagation: null, readout: { n: 1 } },
      }).error!.issues,
    );
    expect(empty).toContainEqual({
      path: 'digital_propagation_payload.digital_propagation',
      message: "'digital_propagation' must hold the object, not be empty or null",
    });
    // The document form takes any non-null node; the model form only YAML strings.
    expect(
      schema.safeParse({
        type: 'digital_propagation',
        digital_propagation_payload: { digital_propagation: { a: 1 }, readout: [1] },
      }).success,
    ).toBe(true);
    expect(
      executePayloadSchema('A').safeParse({
        type: 'digital_propagation',
        digital_propagation_payload: { digital_propagation: { a: 1 }, readout: 'r' },
      }).success,
    ).toBe(false);
    expect(
      executePayloadSchema('A').safeParse({
        type: 'digital_propagation',
        digital_propagation_payload: { digital_propagation: '', readout: 'r' },
      }).success,
    ).toBe(false);
  });

  it('requests are strict by default; responses may carry more', () => {
    const value = { type: 'sampling', sampling_payload: { sampling: '!S {}', extra: 1 } };
    expect(executePayloadSchema('B').safeParse(value).success).toBe(false);
    expect(executePayloadObjectSchema('B').safeParse(value).success).toBe(false);
    expect(executePayloadSchema('B', { strict: false }).safeParse(value).success).toBe(true);
    expect(
      executePayloadObjectSchema('B', { strict: false }).safeParse({ ...value, unknown: 2 })
        .success,
    ).toBe(true);
  });

  it('the exactly-one rule names what is populated instead', () => {
    const issues = pathIssues(
      executePayloadSchema('B').safeParse({
        type: 'sampling',
        t1_experiment_payload: { t1_experiment: '!T1 {}' },
      }).error!.issues,
    );
    expect(issues).toContainEqual({
      path: 'sampling_payload',
      message:
        "type 'sampling' requires 'sampling_payload' to be populated (populated instead: t1_experiment_payload)",
    });
    const none = pathIssues(
      executePayloadSchema('B').safeParse({ type: 'sampling' }).error!.issues,
    );
    expect(none).toEqual([
      {
        path: 'sampling_payload',
        message: "type 'sampling' requires 'sampling_payload' to be populated",
      },
    ]);
  });

  it('carries the hover texts the editor shows', () => {
    const schemaA = editorJsonSchema('A') as {
      description?: string;
      properties: Record<
        string,
        {
          description?: string;
          anyOf?: { properties?: Record<string, { description?: string }> }[];
        }
      >;
    };
    expect(schemaA.description).toBe(DESCRIPTIONS.executePayload);
    expect(schemaA.properties.type!.description).toBe(DESCRIPTIONS.executeType);
    const inner = (field: string) =>
      schemaA.properties[field]!.anyOf!.find((s) => s.properties)!.properties!;
    expect(inner('digital_propagation_payload').digital_propagation!.description).toBe(
      DESCRIPTIONS.functionalObject,
    );
    expect(inner('digital_propagation_payload').readout!.description).toBe(DESCRIPTIONS.readout);
    expect(inner('experiment_payload').experiment!.description).toBe(DESCRIPTIONS.experimentObject);
    expect(schemaA.properties.experiment_payload!.description).toMatch(
      /^ExperimentPayload \(spec §2\.5\): populated when `type` is `experiment`/,
    );
    const idA = z.toJSONSchema(jobIdSchema('A')) as {
      description?: string;
      properties: Record<string, { description?: string }>;
    };
    expect(idA.description).toBe(DESCRIPTIONS.jobId);
    expect(idA.properties.message!.description).toBe(DESCRIPTIONS.jobIdMessage);
    expect(
      (z.toJSONSchema(jobIdSchema('B')) as { properties: object }).properties,
    ).not.toHaveProperty('message');
  });
});

describe('records per variant', () => {
  const detail = {
    id: 1,
    name: 'n',
    description: '',
    device_id: 1,
    status: 'completed',
    created_at: '2026-11-22T11:25:28Z',
  };
  it('jobType is checked in Variant B only', () => {
    expect(jobDetailSchema('B').safeParse({ ...detail, jobType: 'digital' }).success).toBe(true);
    expect(
      jobDetailSchema('B').safeParse({ ...detail, jobType: 'quantum_reservoir' }).success,
    ).toBe(false);
    expect(VARIANTS.A.jobDetailJobType).toBe(false);
    expect(jobDetailSchema('A').safeParse({ ...detail, jobType: 'anything' }).success).toBe(true);
  });

  it('a detail may carry a payload with fields the request schema would refuse', () => {
    const payload = { type: 'sampling', sampling_payload: { sampling: '!S {}', note: 'kept' } };
    expect(jobDetailSchema('B').safeParse({ ...detail, payload }).success).toBe(true);
  });

  it('a Variant A JobId message may be null or absent, never a number', () => {
    expect(jobIdSchema('A').safeParse({ id: 1, message: null }).success).toBe(true);
    expect(jobIdSchema('A').safeParse({ id: 1 }).success).toBe(true);
    expect(jobIdSchema('A').safeParse({ id: 1, message: 3 }).success).toBe(false);
  });
});

describe('tokens', () => {
  const wire = { accessToken: 'a', expiresIn: 60, issuedAt: '100', tokenType: 'bearer' };
  it('a login answer must carry its refresh token; a refresh answer may leave it out', () => {
    expect(tokenFromWire('B', wire).success).toBe(false);
    expect(tokenFromWire('B', wire, 'old')).toMatchObject({
      success: true,
      data: { refresh_token: 'old' },
    });
    expect(tokenFromWire('B', { ...wire, refreshToken: 'new' }, 'old')).toMatchObject({
      data: { refresh_token: 'new' },
    });
  });
});
