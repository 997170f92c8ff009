import { describe, expect, it } from 'vitest';
import { openingTab } from '../../../../../src/renderer/state/jobs/detail-tab';
import type { JobDetailView } from '../../../../../src/renderer/state/jobs/store';

const view = (fields: Record<string, unknown>): JobDetailView => ({
  detail: {
    id: 7,
    name: 'job',
    description: '',
    device_id: 1,
    created_at: '2026-11-25T08:00:00.000Z',
    ...fields,
  } as JobDetailView['detail'],
  problems: [],
  fetchedAt: '2026-11-25T08:00:01.000Z',
  fromCache: false,
});

describe('the tab a job opens on', () => {
  it('is not an empty Result tab for a job still running: its logs instead', () => {
    const running = view({ status: 'running', result: null, logs: 'started\nprogress 10%\n' });
    expect(openingTab('result', running)).toBe('logs');
    expect(openingTab('result', view({ status: 'pending', result: null, logs: null }))).toBe(
      'summary',
    );
  });

  it('is the last tab used when it has something to show', () => {
    const done = view({ status: 'completed', result: { type: 'sampling' }, logs: 'done' });
    expect(openingTab('result', done)).toBe('result');
    expect(openingTab('payload', done)).toBe('payload');
  });

  it('is the errors of a failed job, when there are any', () => {
    const failed = view({ status: 'error', error: 'bad', error_logs: 'bad, at line 3' });
    expect(openingTab('result', failed)).toBe('errors');
    // Only the error line, which is shown on top of every tab: no reason to open Errors.
    expect(openingTab('payload', view({ status: 'error', error: 'bad' }))).toBe('payload');
  });
});
