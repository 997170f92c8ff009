import { describe, expect, it } from 'vitest';
import { QjobCallError } from '../../../../src/shared/ipc/call-error';
import { describeError } from '../../../../src/renderer/services/errors';

const refused = (message: string) => new QjobCallError({ code: 'service.http', message });

describe('a failed call, in words', () => {
  it('adds nothing to a refusal the service explained itself', () => {
    const { detail } = describeError(
      refused(
        'Cancelling job 5 failed: HTTP 409: job 5 is already completed and cannot be cancelled (job_finished)',
      ),
      'cancel job 5',
    );
    expect(detail).toBe(
      'Cancelling job 5 failed: HTTP 409: job 5 is already completed and cannot be cancelled (job_finished)',
    );
  });

  it('says the service gave no reason when it gave none, never that one is "above"', () => {
    const { detail } = describeError(refused('Fetching job 5 failed: HTTP 500'), 'open job 5');
    expect(detail).not.toMatch(/above/);
    expect(detail).toBe(
      'Fetching job 5 failed: HTTP 500. The service gave no reason. Try again later; if it keeps failing, whoever runs the service can tell why.',
    );
  });

  it('ends the message as a sentence before its next step', () => {
    const { detail } = describeError(
      new QjobCallError({
        code: 'service.network',
        message: 'Listing jobs failed: the service could not be reached (ECONNREFUSED)',
      }),
    );
    expect(detail).toBe(
      'Listing jobs failed: the service could not be reached (ECONNREFUSED). Check the base URL and your network connection, then try again.',
    );
  });
});
