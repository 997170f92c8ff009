import { describe, expect, it } from 'vitest';
import type { Device } from '../../../../../../src/shared/variants';
import { readiness } from '../../../../../../src/renderer/features/editor/preflight/readiness';
import type { TabAnalysis } from '../../../../../../src/renderer/state/editor/store';

const analysis: TabAnalysis = {
  variant: 'B',
  text: 'type: sampling\n',
  facts: { executeType: 'sampling', work: 'circuit', qubits: 2, qubitsSource: 'nqubits' },
  diagram: { state: 'none' },
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

describe('what the pre-flight says about the payload itself (issue 25)', () => {
  const input = (a: Partial<TabAnalysis>) =>
    readiness({
      hasTab: true,
      loggedIn: true,
      analysis: { ...analysis, ...a },
      device: device('online'),
      fittingCount: 1,
      submitting: false,
    });
  const warning = (line: number, message: string) => ({
    severity: 'warning' as const,
    code: 'dialect.unknown_key',
    message,
    line,
    column: 5,
    endLine: line,
    endColumn: 9,
  });

  it('names the warning it counts, never "one more" with none shown', () => {
    expect(input({ problems: [warning(5, '!Sampling: unknown key "seed"')] }).warnings).toEqual([
      '1 warning in the payload, on line 5: !Sampling: unknown key "seed" (see Problems under the editor).',
    ]);
    expect(input({ problems: [warning(5, 'first'), warning(9, 'second')] }).warnings).toEqual([
      '2 warnings in the payload, the first on line 5: first (see Problems under the editor).',
    ]);
  });

  it('says an empty payload is empty, not wrong', () => {
    expect(input({ text: '\n  \n', problems: [] }).blocker).toBe(
      'The payload is empty: start from a template (top right), or write one.',
    );
  });

  it('says a payload of the other variant is one, rather than listing the schema’s complaints', () => {
    const problems = [
      { ...warning(1, 'Invalid option: expected one of ...'), severity: 'error' as const },
    ];
    expect(input({ problems, belongsTo: 'A' }).blocker).toBe(
      'This is a Variant A payload and the connection speaks Variant B: convert it (above the editor) or use a Variant A connection.',
    );
  });
});
