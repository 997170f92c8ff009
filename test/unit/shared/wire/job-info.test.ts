import { describe, expect, it } from 'vitest';
import type { JobInfo } from '../../../../src/shared/variants';
import {
  decodeDevices,
  decodeJobId,
  decodeJobInfo,
  decodeJobList,
  encodeDevices,
  encodeJobId,
  encodeJobInfo,
  encodeJobList,
  wireResult,
} from '../../../../src/shared/wire';
import type { WireDecodeError } from '../../../../src/shared/wire';
import { wireFixture } from './fixtures';

function thrown(run: () => unknown): WireDecodeError {
  const result = wireResult(run);
  if (result.ok) throw new Error('expected a WireDecodeError');
  return result.error;
}

describe('job lists, job ids and devices', () => {
  it('decodes GET /jobs: dates in either form, unknown fields kept', () => {
    const jobs = decodeJobList('B', wireFixture('job-list-b.json'));
    expect(jobs.map((j) => [j.id, j.status, j.created_at])).toEqual([
      [41, 'queued', '2026-11-21T23:59:59Z'],
      [42, 'completed', '2026-11-22T11:25:28Z'],
      [43, 'error', '2026-11-23T08:00:00Z'],
    ]);
    expect(jobs[0]?.priority).toBe('normal');
    expect(jobs[2]?.completed_at).toBeUndefined();
  });

  it('names the bad item and field of a list: items[n].field', () => {
    const body = wireFixture('job-list-b.json');
    const items = body.items as Record<string, unknown>[];
    (items[2] as Record<string, unknown>).created_at = '2026-11-23T09:00:00';
    const error = thrown(() => decodeJobList('B', body));
    expect(error.code).toBe('invalid_date');
    expect(error.field).toBe('items[2].created_at');
    expect(error.raw).toBe('2026-11-23T09:00:00');
    expect(error.message).toContain("field 'items[2].created_at'");

    (items[2] as Record<string, unknown>).created_at = '2026-11-23T09:00:00Z';
    (items[1] as Record<string, unknown>).status = 'finished';
    const mismatch = thrown(() => decodeJobList('B', body));
    expect([mismatch.code, mismatch.field]).toEqual(['schema_mismatch', 'items[1].status']);
    expect(mismatch.issues?.[0]?.path).toBe('items[1].status');
  });

  it('rejects a list body without items, and a body that is not an object', () => {
    expect([thrown(() => decodeJobList('A', { jobs: [] })).field]).toEqual(['items']);
    expect(thrown(() => decodeJobList('A', 'oops')).code).toBe('not_an_object');
  });

  it('Variant A records may lack status; Variant B records may not', () => {
    const { status: _dropped, ...noStatus } =
      (wireFixture('job-list-b.json').items as Record<string, unknown>[])[1] ?? {};
    expect(decodeJobInfo('A', noStatus).status).toBeUndefined();
    expect(thrown(() => decodeJobInfo('B', noStatus)).field).toBe('status');
  });

  it('round-trips JobInfo through its wire form', () => {
    const info: JobInfo = {
      id: 9,
      name: 'x',
      description: '',
      device_id: 2,
      status: 'running',
      created_at: '2026-11-22T11:25:28Z',
      updated_at: '2026-11-22T11:26:00Z',
      completed_at: null,
      extra: { kept: true },
    };
    const wire = encodeJobInfo('B', info);
    expect(wire.created_at).toBe('Sun, 22 Nov 2026 11:25:28 GMT');
    expect(decodeJobInfo('B', wire)).toEqual(info);
    expect(decodeJobList('B', encodeJobList('B', [info, info]))).toEqual([info, info]);
  });

  it('JobId: message kept in Variant A, never sent in Variant B', () => {
    expect(decodeJobId('A', { id: 12, message: 'maintenance on Friday' })).toEqual({
      id: 12,
      message: 'maintenance on Friday',
    });
    expect(encodeJobId('A', { id: 12, message: 'hi' })).toEqual({ id: 12, message: 'hi' });
    expect(encodeJobId('B', { id: 12, message: 'hi' })).toEqual({ id: 12 });
    expect(thrown(() => decodeJobId('A', { message: 'no id' })).field).toBe('id');
    expect(thrown(() => decodeJobId('A', { id: 1, message: 3 })).field).toBe('message');
  });

  it('decodes GET /devices, keeping fields beyond the specification', () => {
    const devices = decodeDevices(wireFixture('devices.json'));
    expect(devices.map((d) => [d.id, d.code, d.type, d.status])).toEqual([
      [1, 'sim', 'simulator', 'online'],
      [2, 'qpu-digital-5', 'qpu.digital', 'maintenance'],
      [3, 'qpu-analog-9', 'qpu.analog', 'offline'],
    ]);
    expect(devices[0]?.region).toBe('local');
    expect(decodeDevices(encodeDevices(devices))).toEqual(devices);
  });

  it('names the device that does not fit', () => {
    const body = wireFixture('devices.json');
    ((body.items as Record<string, unknown>[])[1] as Record<string, unknown>).type = 'qpu.photonic';
    const error = thrown(() => decodeDevices(body));
    expect([error.code, error.field]).toEqual(['schema_mismatch', 'items[1].type']);
  });
});
