import type { ServiceClient } from '../core/client/types';
import type { WaitProgress, WaitResult } from '../core/jobs/wait';
import { WaitError, waitForJob } from '../core/jobs/wait';
import { DEFAULT_CADENCE } from '../core/jobs/cadence';
import { readLogProgress } from '../shared/jobs/log-progress';
import type { VariantId } from '../shared/variants';
import { deviceCodes } from './device-codes';
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
  /**
   * Where the connection's device codes are kept (src/cli/device-codes.ts), so the job's device
   * is shown by its code without a request; without it the device list is asked for once.
   */
  codes?: { configDir: string; connectionKey: string } | undefined;
}

/**
 * While a job runs, its own progress as its log states it (`progress 47%: t = 9.375/20`, the
 * line the simulator writes and the app's job detail reads): the log is looked at every
 * `intervalMs`, one look at a time, and a line is printed when the progress changed. A look
 * that fails says nothing: the poller reports the connection.
 */
function logProgressWatch(
  client: ServiceClient,
  jobId: number,
  io: CliIo,
  intervalMs: number,
): { running: () => void; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let started = false;
  let last = '';
  const look = async () => {
    timer = null;
    try {
      const { detail } = await client.getJob(jobId, {
        fields: ['logs'],
        ...(io.signal ? { signal: io.signal } : {}),
      });
      const progress = readLogProgress(detail.logs);
      if (progress && !stopped) {
        const percent = Math.floor(progress.fraction * 100);
        const line = `${percent} %${progress.message ? `, ${oneLine(progress.message)}` : ''}`;
        if (line !== last) io.stderr(`job ${jobId}: ${line}\n`);
        last = line;
      }
    } catch {
      /* the poller reports an unreachable service; progress is only a nicety */
    }
    if (!stopped) timer = setTimeout(() => void look(), intervalMs);
  };
  return {
    running: () => {
      if (stopped || started) return;
      started = true;
      void look();
    },
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** The code of a job's device, from the kept codes or one device list; undefined when unknown. */
async function deviceCodeOf(
  client: ServiceClient,
  deviceId: number,
  options: WaitCliOptions,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  if (options.codes) {
    const { configDir, connectionKey } = options.codes;
    return (await deviceCodes(configDir, connectionKey, client, [deviceId], signal)).get(deviceId);
  }
  try {
    const devices = await client.listDevices(signal ? { signal } : {});
    return devices.find((d) => d.id === deviceId)?.code;
  } catch {
    return undefined;
  }
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
  const printStatus = progressPrinter(io, jobId);
  const logs = logProgressWatch(client, jobId, io, options.intervalMs ?? DEFAULT_CADENCE.runningMs);
  try {
    result = await waitForJob(client, jobId, {
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress: (progress) => {
        printStatus(progress);
        if (progress.type === 'status' && progress.to === 'running') logs.running();
      },
    });
  } catch (error) {
    if (error instanceof WaitError && error.code === 'aborted')
      throw new CommandFailure(error.message, EXIT.failed);
    throw jobNotFound(error, jobId);
  } finally {
    logs.stop();
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
    // People know devices by code, as `qjob job` shows them; the record names the id.
    const deviceCode = await deviceCodeOf(client, detail.device_id, options, io.signal);
    io.stdout(
      renderJobDetail(
        detail,
        variant,
        problems,
        { payload: false, result: !failed, logs: false, errors: failed },
        { ...(truncated ? { truncated } : {}), deviceCode },
      ),
    );
  }
  if (failed) io.stderr(`job ${jobId} ended: ${status ?? 'with an error'}\n`);
  return failed ? EXIT.failed : EXIT.ok;
}
