import { describe, expect, it } from 'vitest';
import type { VariantId } from '../../../../src/shared/variants';
import {
  executePayloadSchema,
  executeResultSchema,
  segmentIssues,
  VARIANT_IDS,
} from '../../../../src/shared/variants';
import type { PayloadRow } from './spec-tables';
import { issuePaths, SPEC } from './spec-tables';

/** A populated inner payload in the model form (functional objects as YAML strings). */
function inner([, , functionalField, readout]: PayloadRow): Record<string, string> {
  const out: Record<string, string> = { [functionalField]: '!Thing {a: 1}\n' };
  if (readout) out.readout = '!SamplingReadout {nshots: 100}\n';
  return out;
}

function payloadOf(row: PayloadRow): Record<string, unknown> {
  return { type: row[0], [row[1]]: inner(row) };
}

function rowsOf(variant: VariantId): readonly PayloadRow[] {
  return SPEC[variant].payloads;
}

describe.each(VARIANT_IDS)('Variant %s ExecutePayload (spec §2.5, §2.6)', (variant) => {
  const rows = rowsOf(variant);
  const schema = executePayloadSchema(variant);

  describe.each(rows.map((r) => [r[0], r] as const))('type %s', (_type, row) => {
    const [type, payloadField, functionalField, readout] = row;
    const another = rows.find((r) => r[0] !== type) as PayloadRow;

    it('is accepted when exactly its own payload field is populated', () => {
      expect(schema.safeParse(payloadOf(row)).success).toBe(true);
    });

    it('is accepted with every other payload field explicitly null', () => {
      const body: Record<string, unknown> = payloadOf(row);
      for (const r of rows) if (r !== row) body[r[1]] = null;
      expect(schema.safeParse(body).success).toBe(true);
    });

    it(`rejects a missing ${functionalField}, naming its path`, () => {
      const { [functionalField]: _dropped, ...rest } = inner(row);
      expect(issuePaths(schema.safeParse({ type, [payloadField]: rest }))).toEqual([
        `${payloadField}.${functionalField}`,
      ]);
    });

    if (readout) {
      it('rejects a missing readout (required in Variant A), naming its path', () => {
        const { readout: _dropped, ...rest } = inner(row);
        expect(issuePaths(schema.safeParse({ type, [payloadField]: rest }))).toEqual([
          `${payloadField}.readout`,
        ]);
      });
    } else {
      it('rejects a readout, which this payload does not have', () => {
        const result = schema.safeParse({ type, [payloadField]: { ...inner(row), readout: 'x' } });
        expect(result.success).toBe(false);
        expect(segmentIssues(result.error?.issues ?? []).map((i) => i.path.join('.'))).toEqual([
          `${payloadField}.readout`,
        ]);
      });
    }

    it('exactly-one: none populated → the issue sits on its payload field', () => {
      const result = schema.safeParse({ type });
      expect(issuePaths(result)).toEqual([payloadField]);
      expect(result.error?.issues[0]?.message).toContain(`requires '${payloadField}'`);
    });

    it('exactly-one: the right one plus another → the issue sits on the other', () => {
      const result = schema.safeParse({ ...payloadOf(row), [another[1]]: inner(another) });
      expect(issuePaths(result)).toEqual([another[1]]);
      expect(result.error?.issues[0]?.message).toMatch(/exactly one payload field/);
    });

    it('exactly-one: the wrong one populated → issues on the wrong one and on the missing one', () => {
      const result = schema.safeParse({ type, [another[1]]: inner(another) });
      expect(issuePaths(result).sort()).toEqual([another[1], payloadField].sort());
      expect(result.error?.issues.find((i) => i.path[0] === payloadField)?.message).toContain(
        `populated instead: ${another[1]}`,
      );
    });

    it('exactly-one: all populated → one issue per extra field', () => {
      const body: Record<string, unknown> = { type };
      for (const r of rows) body[r[1]] = inner(r);
      expect(issuePaths(schema.safeParse(body)).sort()).toEqual(
        rows
          .filter((r) => r !== row)
          .map((r) => r[1])
          .sort(),
      );
    });

    it('reports the rule together with other issues (the editor shows both)', () => {
      const { [functionalField]: _dropped, ...rest } = inner(row);
      const result = schema.safeParse({ type, [payloadField]: rest, [another[1]]: inner(another) });
      expect(issuePaths(result).sort()).toEqual(
        [`${payloadField}.${functionalField}`, another[1]].sort(),
      );
    });

    it('document form: the functional object is any non-null node', () => {
      const doc = executePayloadSchema(variant, { form: 'document' });
      const value = { kind: 'tagged mapping' };
      const body = {
        type,
        [payloadField]: readout
          ? { [functionalField]: value, readout: [value] }
          : { [functionalField]: value },
      };
      expect(doc.safeParse(body).success).toBe(true);
      const nulled = {
        type,
        [payloadField]: { ...(body[payloadField] as object), [functionalField]: null },
      };
      expect(issuePaths(doc.safeParse(nulled))).toEqual([`${payloadField}.${functionalField}`]);
    });
  });

  it('rejects a missing or unknown type, naming it', () => {
    const row = rows[0] as PayloadRow;
    const { type: _dropped, ...untyped } = payloadOf(row);
    expect(issuePaths(schema.safeParse(untyped))).toEqual(['type']);
    expect(issuePaths(schema.safeParse({ ...payloadOf(row), type: 'teleportation' }))).toEqual([
      'type',
    ]);
  });

  it('as a request schema it is strict: unknown keys are rejected, at both levels', () => {
    const row = rows[0] as PayloadRow;
    const top = schema.safeParse({ ...payloadOf(row), priority: 'high' });
    expect(segmentIssues(top.error?.issues ?? []).map((i) => i.path.join('.'))).toEqual([
      'priority',
    ]);
    const nested = schema.safeParse({ type: row[0], [row[1]]: { ...inner(row), shots: 5 } });
    expect(segmentIssues(nested.error?.issues ?? []).map((i) => i.path.join('.'))).toEqual([
      `${row[1]}.shots`,
    ]);
  });

  it('as a response schema it is loose: unknown keys are kept', () => {
    const row = rows[0] as PayloadRow;
    const loose = executePayloadSchema(variant, { strict: false });
    const body = { ...payloadOf(row), trace_id: 'abc' };
    expect(loose.parse(body)).toEqual(body);
  });
});

describe.each(VARIANT_IDS)('Variant %s ExecuteResult (spec §2.7)', (variant) => {
  const schema = executeResultSchema(variant);
  it.each(SPEC[variant].resultFields)(
    'accepts %s as a YAML string, others null, unknown kept',
    (field) => {
      const body: Record<string, unknown> = { type: SPEC[variant].executeTypes[0], elapsed: 3 };
      for (const f of SPEC[variant].resultFields)
        body[f] = f === field ? '!SomeResult {a: 1}' : null;
      expect(schema.parse(body)).toEqual(body);
    },
  );
  it('requires type and rejects a result field that is not a string', () => {
    const field = SPEC[variant].resultFields[0];
    expect(issuePaths(schema.safeParse({ [field]: '!R {}' }))).toEqual(['type']);
    expect(
      issuePaths(schema.safeParse({ type: SPEC[variant].executeTypes[0], [field]: { a: 1 } })),
    ).toEqual([field]);
  });
});
