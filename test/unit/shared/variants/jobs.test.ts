import { describe, expect, it } from 'vitest';
import {
  datetimeSchema,
  jobDetailSchema,
  jobIdSchema,
  jobInfoSchema,
  VARIANT_IDS,
} from '../../../../src/shared/variants';
import { issuePaths, SPEC } from './spec-tables';

const info = {
  id: 42,
  name: 'bell-pair',
  description: 'Bell state',
  device_id: 3,
  status: 'running',
  created_at: '2026-11-22T11:25:28Z',
  updated_at: null,
  completed_at: null,
};

describe('datetimes (spec §2.10: timezone-aware)', () => {
  it.each([
    '2026-11-22T11:25:28Z',
    '2026-11-22T12:25:28+01:00',
    '2026-11-22T11:25:28.123456-05:30',
  ])('accepts %s', (v) => expect(datetimeSchema.safeParse(v).success).toBe(true));
  it.each(['2026-11-22T11:25:28', '2026-11-22', 'Sun, 22 Nov 2026 11:25:28 GMT', 'yesterday'])(
    'rejects %s (no zone, or not the model form)',
    (v) => expect(datetimeSchema.safeParse(v).success).toBe(false),
  );
});

describe.each(VARIANT_IDS)('Variant %s job records (spec §2.10)', (variant) => {
  const requiredInfo = [
    'id',
    'name',
    'description',
    'device_id',
    'created_at',
    ...(variant === 'B' ? ['status'] : []),
  ];

  it('JobId: id is required and an integer', () => {
    expect(jobIdSchema(variant).safeParse({ id: 7 }).success).toBe(true);
    expect(issuePaths(jobIdSchema(variant).safeParse({}))).toEqual(['id']);
    expect(issuePaths(jobIdSchema(variant).safeParse({ id: 7.5 }))).toEqual(['id']);
  });

  it(
    variant === 'A'
      ? 'JobId: message is a string or null'
      : 'JobId: message is not part of the model',
    () => {
      const schema = jobIdSchema(variant);
      expect(schema.parse({ id: 1, message: 'maintenance at 18:00' })).toEqual({
        id: 1,
        message: 'maintenance at 18:00',
      });
      expect(schema.safeParse({ id: 1, message: null }).success).toBe(true);
      // Variant A validates it; in Variant B it is merely an unknown field, kept as is.
      expect(schema.safeParse({ id: 1, message: 5 }).success).toBe(variant === 'B');
    },
  );

  it('JobInfo: a complete record is accepted and unknown fields are kept', () => {
    expect(jobInfoSchema(variant).parse({ ...info, priority: 'low' })).toEqual({
      ...info,
      priority: 'low',
    });
  });

  it.each(requiredInfo)('JobInfo: a record without %s is rejected, naming it', (key) => {
    const { [key]: _dropped, ...rest } = info as Record<string, unknown>;
    expect(issuePaths(jobInfoSchema(variant).safeParse(rest))).toEqual([key]);
  });

  it(`JobInfo: status is ${variant === 'B' ? 'required' : 'optional'}, and checked when present`, () => {
    const { status: _dropped, ...rest } = info;
    expect(jobInfoSchema(variant).safeParse(rest).success).toBe(variant === 'A');
    expect(issuePaths(jobInfoSchema(variant).safeParse({ ...info, status: 'done' }))).toEqual([
      'status',
    ]);
  });

  it.each(SPEC.jobStatuses)('JobInfo: status %s is accepted', (status) => {
    expect(jobInfoSchema(variant).safeParse({ ...info, status }).success).toBe(true);
  });

  it.each(['created_at', 'updated_at', 'completed_at'])(
    'JobInfo: %s without a zone is rejected',
    (field) => {
      expect(
        issuePaths(jobInfoSchema(variant).safeParse({ ...info, [field]: '2026-11-22T11:25:28' })),
      ).toEqual([field]);
      expect(
        jobInfoSchema(variant).safeParse({ ...info, [field]: '2026-11-22T12:25:28+01:00' }).success,
      ).toBe(true);
    },
  );

  it('JobDetail: payload, result, logs, error and error_logs may be null or absent', () => {
    const detail = {
      ...info,
      payload: null,
      result: null,
      logs: null,
      error: null,
      error_logs: null,
    };
    expect(jobDetailSchema(variant).safeParse(detail).success).toBe(true);
    expect(jobDetailSchema(variant).safeParse(info).success).toBe(true);
  });

  it.each(requiredInfo)('JobDetail: has all JobInfo fields (%s required)', (key) => {
    const { [key]: _dropped, ...rest } = info as Record<string, unknown>;
    expect(issuePaths(jobDetailSchema(variant).safeParse(rest))).toEqual([key]);
  });

  if (variant === 'B') {
    it.each(SPEC.B.jobTypes)('JobDetail: jobType %s is accepted', (jobType) => {
      expect(jobDetailSchema('B').safeParse({ ...info, jobType }).success).toBe(true);
    });
    it('JobDetail: an unknown jobType is rejected, null is fine', () => {
      expect(
        issuePaths(jobDetailSchema('B').safeParse({ ...info, jobType: 'quantum_reservoir' })),
      ).toEqual(['jobType']);
      expect(jobDetailSchema('B').safeParse({ ...info, jobType: null }).success).toBe(true);
    });
  } else {
    it('JobDetail: jobType is not part of Variant A (an unknown field, kept unchecked)', () => {
      expect(jobDetailSchema('A').parse({ ...info, jobType: 'anything' })).toMatchObject({
        jobType: 'anything',
      });
    });
  }

  it('JobDetail: a payload breaking the exactly-one rule is rejected at payload', () => {
    const type = SPEC[variant].executeTypes[0];
    const paths = issuePaths(jobDetailSchema(variant).safeParse({ ...info, payload: { type } }));
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(/^payload\./);
  });
});
