import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryAnnotationStore } from '../../../../src/core/annotations/memory-annotation-store';
import { NoPayloadError, rerunSource } from '../../../../src/core/rerun';
import { requirePayload } from '../../../../src/core/submit/prepare-payload';
import type { Device, JobDetail } from '../../../../src/shared/variants';

/**
 * Where a rerun starts when this computer did not submit the job: the service's record, its
 * payload turned back into the document and its device found by the record's `device_id`. Job
 * ids and device ids are both small integers, so a device looked up by the wrong one is often
 * a real device: here job 2 ran on device 3, and device 2 exists too.
 */
const BELL = readFileSync(
  new URL('../../../fixtures/dialect/b-sampling-bell.yaml', import.meta.url),
  'utf8',
);

const device = (id: number, code: string): Device => ({
  id,
  code,
  name: code,
  type: 'simulator',
  nqubits: 4,
  status: 'online',
  description: '',
});
const DEVICES = [device(1, 'sim.one'), device(2, 'sim.two'), device(3, 'sim.three')];

function detail(overrides: Partial<JobDetail> = {}): JobDetail {
  return {
    id: 2,
    name: 'bell from the lab',
    description: '',
    device_id: 3,
    status: 'completed',
    created_at: '2026-01-01T10:00:00.000Z',
    payload: requirePayload('B', BELL),
    ...overrides,
  } as JobDetail;
}

function deps(store = new MemoryAnnotationStore(), record = detail()) {
  return {
    store,
    profileKey: 'lab',
    variant: 'B' as const,
    fullDetail: (id: number) =>
      id === record.id ? Promise.resolve(record) : Promise.reject(new Error(`no job ${id}`)),
    devices: () => Promise.resolve(DEVICES),
  };
}

describe('rerunSource from the service’s record', () => {
  it('picks the device the job ran on (its device_id), not the device numbered like the job', async () => {
    const source = await rerunSource(deps(), 2);
    expect(source).toMatchObject({
      jobId: 2,
      deviceCode: 'sim.three',
      name: 'bell from the lab',
      exact: false,
    });
    expect(requirePayload('B', source.text)).toEqual(detail().payload);
  });

  it('has no device when the list does not know the record’s device_id', async () => {
    const source = await rerunSource(deps(undefined, detail({ device_id: 9 })), 2);
    expect(source.deviceCode).toBeNull();
  });

  it('says the payload is not known when the record has none and nothing was kept', async () => {
    await expect(rerunSource(deps(undefined, detail({ payload: null })), 2)).rejects.toThrow(
      NoPayloadError,
    );
  });

  it('prefers the kept submission: its exact text and its device code', async () => {
    const store = new MemoryAnnotationStore();
    store.recordSubmission('lab', {
      jobId: 2,
      payloadText: BELL,
      deviceCode: 'sim.one',
      device: null,
      deviceSeenAt: null,
      origin: null,
      submittedAt: '2026-01-01T10:00:00.000Z',
    });
    expect(await rerunSource(deps(store), 2)).toMatchObject({
      text: BELL,
      deviceCode: 'sim.one',
      exact: true,
    });
  });
});
