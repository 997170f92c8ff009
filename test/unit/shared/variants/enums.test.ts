import { describe, expect, it } from 'vitest';
import {
  deviceStatusSchema,
  deviceTypeSchema,
  executeTypes,
  executeTypeSchema,
  isTerminalStatus,
  jobStatusSchema,
  jobTypeSchema,
  VARIANT_IDS,
  VARIANTS,
} from '../../../../src/shared/variants';
import { SPEC } from './spec-tables';

describe('shared enums (spec §2.3, §2.8)', () => {
  it.each(SPEC.deviceTypes)('DeviceType %s is accepted', (v) => {
    expect(deviceTypeSchema.parse(v)).toBe(v);
  });
  it.each(SPEC.deviceStatuses)('DeviceStatus %s is accepted', (v) => {
    expect(deviceStatusSchema.parse(v)).toBe(v);
  });
  it.each(SPEC.jobStatuses)('JobStatus %s is accepted', (v) => {
    expect(jobStatusSchema.parse(v)).toBe(v);
  });
  it('declares exactly the listed values, no more', () => {
    expect(deviceTypeSchema.options).toEqual(SPEC.deviceTypes);
    expect(deviceStatusSchema.options).toEqual(SPEC.deviceStatuses);
    expect(jobStatusSchema.options).toEqual(SPEC.jobStatuses);
  });
  it.each([
    ['DeviceType', deviceTypeSchema, 'qpu.photonic'],
    ['DeviceStatus', deviceStatusSchema, 'busy'],
    ['JobStatus', jobStatusSchema, 'done'],
  ] as const)('an unknown %s is rejected', (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
    expect(schema.safeParse('ONLINE').success).toBe(false);
  });
  it('treats completed, error, cancelled and timeout as terminal', () => {
    expect(SPEC.jobStatuses.filter((s) => isTerminalStatus(s))).toEqual([
      'completed',
      'error',
      'cancelled',
      'timeout',
    ]);
  });
});

describe.each(VARIANT_IDS)('Variant %s enums (spec §2.4, §2.9)', (variant) => {
  const spec = SPEC[variant];
  const other = SPEC[variant === 'A' ? 'B' : 'A'];

  it.each(spec.executeTypes)('ExecuteType %s is accepted', (v) => {
    expect(executeTypeSchema(variant).parse(v)).toBe(v);
  });
  it('declares exactly the ExecuteTypes of its table', () => {
    expect(executeTypes(variant)).toEqual(spec.executeTypes);
  });
  it('rejects an unknown ExecuteType and those of the other variant only', () => {
    expect(executeTypeSchema(variant).safeParse('teleportation').success).toBe(false);
    for (const t of other.executeTypes.filter(
      (t) => !(spec.executeTypes as readonly string[]).includes(t),
    )) {
      expect(executeTypeSchema(variant).safeParse(t).success, t).toBe(false);
    }
  });
  it.each(spec.jobTypes)('JobType %s is accepted', (v) => {
    expect(jobTypeSchema(variant).parse(v)).toBe(v);
  });
  it('declares exactly the JobTypes of its table', () => {
    expect(VARIANTS[variant].jobTypes).toEqual(spec.jobTypes);
  });
  it('rejects an unknown JobType', () => {
    expect(jobTypeSchema(variant).safeParse('photonic').success).toBe(false);
    if (variant === 'B')
      expect(jobTypeSchema('B').safeParse('quantum_reservoir').success).toBe(false);
  });
  it('sends a JobType of its own table for every execute kind', () => {
    for (const kind of VARIANTS[variant].executeKinds) {
      expect(spec.jobTypes as readonly string[]).toContain(kind.jobType);
    }
  });
});
