import type { ServiceClient } from '../core/client/types';
import type { WaitProgress, WaitResult } from '../core/jobs/wait';
import { WaitError, waitForJob } from '../core/jobs/wait';
import type { VariantId } from '../shared/variants';
import { CommandFailure, jobNotFound } from './errors';
import type { ExitCode } from './exit-codes';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { describeProblems, renderJobDetail } from './output/job-text';
import { toJson } from './output/json';
import { oneLine } from './output/terminal-text';

function clock(iso: string): string {
  return iso.slice(11, 19);
}

/** Progress for people, on stderr, so stdout stays the result (and valid JSON with --json). */
export function progressPrinter(io: CliIo, jobId: number): (progress: WaitProgress) => void {
  return (p) => {
    if (p.type === 'status') {
      io.stderr(
        p.from
          ? `job ${jobId}: ${p.from} -> ${p.to} (${clock(p.at)})\n`
          : `job ${jobId}: ${p.to} (${clock(p.at)})\n`,
      );
    } else if (p.type === 'connection') {
      io.stderr(
        p.state === 'online'
          ? `job ${jobId}: the service answers again\n`
          : `job ${jobId}: the service cannot be reached (${oneLine(p.message ?? 'no answer')}); retrying at ${p.retryAt ? clock(p.retryAt) : 'soon'}\n`,
      );
    } else io.stderr(`job ${jobId}: warning: ${oneLine(p.message)}\n`);
  };
}

export interface WaitCliOptions {
  timeoutMs?: number | undefined;
  intervalMs?: number | undefined;
  json: boolean;
}

/** Waits for a job, prints the outcome, and returns the exit code its status stands for. */
export async function waitAndReport(
  client: ServiceClient,
  jobId: number,
  variant: VariantId,
  io: CliIo,
  options: WaitCliOptions,
): Promise<ExitCode> {
  let result: WaitResult;
  try {
    result = await waitForJob(client, jobId, {
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress: progressPrinter(io, jobId),
    });
  } catch (error) {
    if (error instanceof WaitError && error.code === 'aborted')
      throw new CommandFailure(error.message, EXIT.failed);
    throw jobNotFound(error, jobId);
  }
  const { status, detail, problems, truncated } = result;
  const failed =
    status === 'error' ||
    status === 'timeout' ||
    status === 'cancelled' ||
    (status === null && !!detail.error);
  if (options.json) {
    io.stdout(toJson(detail));
    for (const line of describeProblems(problems, truncated)) io.stderr(`warning: ${line}\n`);
  } else {
    io.stdout(
      renderJobDetail(
        detail,
        variant,
        problems,
        { payload: false, result: !failed, logs: false, errors: failed },
        truncated ? { truncated } : {},
      ),
    );
  }
  if (failed) io.stderr(`job ${jobId} ended: ${status ?? 'with an error'}\n`);
  return failed ? EXIT.failed : EXIT.ok;
}
