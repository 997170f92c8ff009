import { describe, expect, it } from 'vitest';
import { deviceSchema } from '../../../../src/shared/variants';
import { issuePaths, SPEC } from './spec-tables';

const device = {
  code: 'qpu-digital-5',
  nqubits: 5,
  name: 'Digital QPU',
  description: 'Five transmons',
  type: 'qpu.digital',
  status: 'online',
};

describe('Device (spec §2.3)', () => {
  it('accepts a device and keeps fields the specification does not list', () => {
    const parsed = deviceSchema.parse({ ...device, id: 2, region: 'eu' });
    expect(parsed).toEqual({ ...device, id: 2, region: 'eu' });
  });

  it.each(Object.keys(device))('rejects a device without %s, naming it', (key) => {
    const { [key]: _dropped, ...rest } = device as Record<string, unknown>;
    expect(issuePaths(deviceSchema.safeParse(rest))).toEqual([key]);
  });

  it.each(SPEC.deviceTypes)('accepts type %s', (type) => {
    expect(deviceSchema.safeParse({ ...device, type }).success).toBe(true);
  });
  it.each(SPEC.deviceStatuses)('accepts status %s', (status) => {
    expect(deviceSchema.safeParse({ ...device, status }).success).toBe(true);
  });
  it('rejects an unknown type or status and a fractional qubit count', () => {
    expect(issuePaths(deviceSchema.safeParse({ ...device, type: 'qpu.photonic' }))).toEqual([
      'type',
    ]);
    expect(issuePaths(deviceSchema.safeParse({ ...device, status: 'busy' }))).toEqual(['status']);
    expect(issuePaths(deviceSchema.safeParse({ ...device, nqubits: 2.5 }))).toEqual(['nqubits']);
  });
});
