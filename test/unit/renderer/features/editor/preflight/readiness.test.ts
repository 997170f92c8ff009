import { describe, expect, it } from 'vitest';
import type { Device } from '../../../../../../src/shared/variants';
import { readiness } from '../../../../../../src/renderer/features/editor/preflight/readiness';
import type { TabAnalysis } from '../../../../../../src/renderer/state/editor/store';

const analysis: TabAnalysis = {
  variant: 'B',
  text: 'type: sampling\n',
  facts: { executeType: 'sampling', work: 'circuit', qubits: 2, qubitsSource: 'nqubits' },
  problems: [],
};
const device = (status: Device['status'], name = 'Altair'): Device => ({
  code: `qpu.${name.toLowerCase()}`,
  name,
  type: 'qpu.digital',
  nqubits: 7,
  status,
  description: '',
});
const check = (d: Device) =>
  readiness({
    hasTab: true,
    loggedIn: true,
    analysis,
    device: d,
    fittingCount: 1,
    submitting: false,
  });

describe('the pre-flight on a device that is not online', () => {
  it('says in words, before Submit, that the job will wait', () => {
    expect(check(device('maintenance'))).toEqual({
      blocker: null,
      warnings: [
        'Altair is under maintenance: the job will wait in its queue until Altair is back online.',
      ],
    });
    expect(check(device('offline', 'Deneb')).warnings).toEqual([
      'Deneb is offline: the job will wait in its queue until Deneb is back online.',
    ]);
  });

  it('says nothing about an online device', () => {
    expect(check(device('online')).warnings).toEqual([]);
  });
});
