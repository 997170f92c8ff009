import { describe, expect, it } from 'vitest';
import { renderFailure, renderJobDetail, renderJobSummary } from '../../../src/cli/output/job-text';
import type { JobDetail } from '../../../src/shared/variants';

const JOB: JobDetail = {
  id: 7,
  name: 'sweep',
  description: '',
  device_id: 1,
  status: 'error',
  created_at: '2026-11-22T11:25:28Z',
  logs: 'line 2\nline 3\n',
  error: 'gate !CNOT: control equals target',
  error_logs: 'trace 1\ntrace 2\ntrace 3\n',
};

describe('the job text of qjob', () => {
  it('says which part of a cut log it shows', () => {
    const out = renderJobDetail(
      JOB,
      'B',
      [],
      { payload: false, result: false, logs: true, errors: false },
      {
        truncated: [
          {
            field: 'logs',
            totalBytes: 100 * 1024 * 1024,
            keptBytes: 64 * 1024 * 1024,
            kept: 'tail',
          },
        ],
      },
    );
    expect(out).toContain(
      '--- logs ---\n    (The logs are 100 MB, more than this app keeps: only the last 64 MB are shown.)\n    line 2\n    line 3\n',
    );
  });

  it("a failed job's error first, and where the rest is", () => {
    expect(renderFailure(JOB, [])).toBe(
      '\n--- error ---\n    gate !CNOT: control equals target\n\nIts error logs (3 lines) are shown with --errors; its logs with --logs (qjob job 7 --errors --logs).\n',
    );
    expect(renderFailure({ ...JOB, status: 'completed', error: null }, [])).toBe('');
    expect(renderFailure({ ...JOB, error: null, error_logs: null }, [])).toMatch(
      /\(the service sent no error text\)\n\nThe service sent no error logs for it; its logs with --logs/,
    );
  });

  it('names the device by its code when it is known, by its id otherwise', () => {
    expect(renderJobSummary(JOB, 'B', 'sim.statevector')).toMatch(
      /\n {2}device +sim\.statevector \(id 1\)\n/,
    );
    expect(renderJobSummary(JOB, 'B')).toMatch(/\n {2}device +id 1\n/);
  });
});
