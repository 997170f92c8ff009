import type { JobDetail, JobStatus } from '../../shared/variants';
import type { TruncatedField, WireDecodeError } from '../../shared/wire';
import { ServiceError } from '../client/errors';
import type { ServiceClient } from '../client/types';
import type { Logger } from '../logging/logger';
import type { ConnectionEvent, JobStatusEvent } from './poller-events';
import { JobPoller } from './poller';

export type WaitProgress =
  | ({ type: 'status' } & Omit<JobStatusEvent, 'info'>)
  | ({ type: 'connection' } & ConnectionEvent)
  | { type: 'failure'; jobId: number; message: string };

export interface WaitOptions {
  /** Give up after this long (the job goes on; only the waiting stops). */
  timeoutMs?: number;
  /** Poll interval, whatever the status; the poller's cadence when absent. */
  intervalMs?: number;
  onProgress?: (progress: WaitProgress) => void;
  signal?: AbortSignal;
  logger?: Logger;
}

export interface WaitResult {
  status: JobStatus | null;
  detail: JobDetail;
  problems: WireDecodeError[];
  /** Text parts kept cut because they were larger than the client keeps (a huge log). */
  truncated?: TruncatedField[];
}

export type WaitErrorCode = 'timeout' | 'aborted';

/** Waiting stopped before the job ended. The job itself is not affected. */
export class WaitError extends Error {
  readonly code: WaitErrorCode;
  readonly jobId: number;
  readonly lastStatus: JobStatus | null;
  constructor(code: WaitErrorCode, jobId: number, lastStatus: JobStatus | null, message: string) {
    super(message);
    this.name = 'WaitError';
    this.code = code;
    this.jobId = jobId;
    this.lastStatus = lastStatus;
  }
}

/** Where a job that has not ended stands, in words, from the last status seen. */
function stillGoingOn(status: JobStatus | null): string {
  switch (status) {
    case null:
      return 'Its status has not been seen yet';
    case 'running':
      return 'It is still running on its device';
    case 'queued':
      return 'It is still queued: it has not started running yet';
    case 'validating':
      return 'It is still being validated: it has not started running yet';
    case 'pending':
      return 'It has not reached the job queue yet';
    default:
      return `Its last status seen was ${status}`;
  }
}

/**
 * Waits until a job reaches a terminal status and returns its full detail. Survives the
 * service going away for a while (the poller reconnects); fails on a job that does not exist,
 * on the time-out, and on the signal.
 */
export function waitForJob(
  client: ServiceClient,
  jobId: number,
  options: WaitOptions = {},
): Promise<WaitResult> {
  const cadence =
    // Stryker disable next-line ConditionalExpression: an undefined interval is the default cadence either way
    options.intervalMs !== undefined
      ? { runningMs: options.intervalMs, waitingMs: options.intervalMs }
      : {};
  const poller = new JobPoller({
    client,
    cadence,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  let lastStatus: JobStatus | null = null;

  return new Promise<WaitResult>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const finish = (settle: () => void) => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      poller.stop();
      settle();
    };
    const onAbort = () =>
      finish(() =>
        reject(
          new WaitError('aborted', jobId, lastStatus, `Waiting for job ${jobId} was cancelled.`),
        ),
      );

    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.timeoutMs !== undefined) {
      const seconds = Math.round(options.timeoutMs / 100) / 10;
      timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new WaitError(
                'timeout',
                jobId,
                lastStatus,
                `Job ${jobId} did not finish within ${seconds} s. ${stillGoingOn(lastStatus)}; only the waiting stopped: wait again or check it later.`,
              ),
            ),
          ),
        options.timeoutMs,
      );
    }

    poller.on('status', ({ info: _info, ...event }) => {
      lastStatus = event.to;
      options.onProgress?.({ type: 'status', ...event });
    });
    poller.on('connection', (event) => options.onProgress?.({ type: 'connection', ...event }));
    poller.on('detail', (event) =>
      finish(() =>
        resolve({
          status: event.status,
          detail: event.detail,
          problems: event.problems,
          ...(event.truncated ? { truncated: event.truncated } : {}),
        }),
      ),
    );
    poller.on('failure', (event) => {
      if (event.final || event.error.code === 'auth') finish(() => reject(event.error));
      else
        options.onProgress?.({ type: 'failure', jobId: event.jobId, message: event.error.message });
    });
    try {
      poller.watch(jobId);
    } catch (error) {
      finish(() =>
        reject(
          error instanceof Error
            ? error
            : new ServiceError({ code: 'network', operation: 'waiting', cause: error }),
        ),
      );
    }
  });
}
