import type { SimClock } from '../clock';
import type { DeviceSpec } from '../devices/catalogue';
import type { EngineJob, EngineProgress } from '../engine/types';
import type { EnginePort } from './engine-port';

export type RunEnd =
  | { status: 'completed'; resultField: string; resultYaml: string }
  | { status: 'error' | 'timeout'; error: string; errorLogs: string }
  /** Cancelled or shut down: whoever aborted already knows why and records it. */
  | { status: 'stopped' };

export interface RunRequest {
  engine: EnginePort;
  clock: SimClock;
  engineJob: EngineJob;
  device: DeviceSpec;
  /** Simulated seconds the run may take, device overhead included. */
  runTimeLimitSeconds: number;
  /** When set, the device fails at this fraction of its overhead time (failure injection). */
  injectFaultAt: number | null;
  signal: AbortSignal;
  /**
   * The run's progress: the engine's computation and the device's overhead time together, so it
   * never says 100% while the device is still busy. Stays below 1; whoever records the end says
   * 100% with it.
   */
  onProgress: (progress: EngineProgress) => void;
}

/** Below this the run is not done: 100% is said only with the end itself. */
const NOT_DONE = 0.99;

const TIMEOUT = Symbol('run-time limit');

class DeviceFault extends Error {}

/**
 * One run on a device: the engine's computation and the device's own overhead time go on
 * together, under the run-time limit. Whatever ends first (completion, the limit, a cancel, an
 * injected fault) stops the rest, so no worker keeps computing for a job that is over.
 */
export async function runOnDevice(request: RunRequest): Promise<RunEnd> {
  const { clock, device, signal } = request;
  const inner = new AbortController();
  const forward = () => inner.abort(signal.reason);
  if (signal.aborted) return { status: 'stopped' };
  signal.addEventListener('abort', forward, { once: true });
  const limit = setTimeout(() => inner.abort(TIMEOUT), clock.realMs(request.runTimeLimitSeconds));

  const aborted = quiet(
    new Promise<never>((_, reject) =>
      inner.signal.addEventListener('abort', () => reject(inner.signal.reason), { once: true }),
    ),
  );
  const progress = runProgress(request);
  const compute = quiet(request.engine.run(request.engineJob, progress.engine, inner.signal));
  const overhead = quiet(clock.sleep(device.runOverheadSeconds, inner.signal));
  const racers: Promise<unknown>[] = [Promise.all([compute, overhead]), aborted];
  if (request.injectFaultAt !== null) {
    const at = device.runOverheadSeconds * request.injectFaultAt;
    racers.push(
      quiet(
        clock.sleep(at, inner.signal).then(() => {
          throw new DeviceFault(`device error on ${device.code}: qubit readout chain lost lock`);
        }),
      ),
    );
  }

  try {
    await Promise.race(racers);
    const outcome = await compute;
    if (outcome.ok)
      return {
        status: 'completed',
        resultField: outcome.resultField,
        resultYaml: outcome.resultYaml,
      };
    return { status: 'error', error: outcome.error, errorLogs: outcome.errorLogs };
  } catch (error) {
    if (inner.signal.reason === TIMEOUT) return timedOut(request);
    if (signal.aborted) return { status: 'stopped' };
    if (error instanceof DeviceFault) {
      return {
        status: 'error',
        error: error.message,
        errorLogs: [
          error.message,
          `The run on ${device.name} (${device.code}) was interrupted by a simulated hardware fault.`,
          "This failure was injected on purpose (the simulator's failure rate setting is above 0); submitting the job again usually succeeds.",
        ].join('\n'),
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    return {
      status: 'error',
      error: `the simulator's engine failed: ${message}`,
      errorLogs: `The physics engine stopped unexpectedly while running the job.\n${error instanceof Error && error.stack ? error.stack : message}`,
    };
  } finally {
    progress.stop();
    clearTimeout(limit);
    signal.removeEventListener('abort', forward);
    inner.abort(new Error('run finished'));
  }
}

/**
 * The run ends when both the computation and the device's overhead time are over, so its
 * progress is the lesser of the two: the engine's fraction, and the share of the overhead time
 * gone by. A ticker reports the overhead's share while the engine has nothing new to say (it
 * often finishes long before the device), at most ten times over the overhead.
 */
function runProgress(request: RunRequest): {
  engine: (p: EngineProgress) => void;
  stop: () => void;
} {
  const started = Date.now();
  const overheadMs = request.clock.realMs(request.device.runOverheadSeconds);
  let engine: EngineProgress = { fraction: 0, message: 'starting' };
  const report = () => {
    const device = overheadMs > 0 ? Math.min(1, (Date.now() - started) / overheadMs) : 1;
    const computed = Math.min(1, Math.max(0, engine.fraction));
    const message =
      computed >= 1 ? `computed; ${request.device.name} is finishing its run` : engine.message;
    request.onProgress({ fraction: Math.min(NOT_DONE, computed, device), message });
  };
  const ticker = overheadMs > 0 ? setInterval(report, Math.min(1000, overheadMs / 10)) : null;
  return {
    engine: (p) => {
      engine = p;
      report();
    },
    stop: () => {
      if (ticker) clearInterval(ticker);
    },
  };
}

function timedOut(request: RunRequest): RunEnd {
  const limit = request.runTimeLimitSeconds;
  const error = `run-time limit of ${limit} s exceeded`;
  return {
    status: 'timeout',
    error,
    errorLogs: [
      error,
      `The job was still running on ${request.device.code} when its run-time limit of ${limit} s (simulated time, speed ×${request.clock.speed}) ran out, so the run was stopped and no result was kept.`,
      'Reduce the work (fewer shots, qubits, time steps or iterations) or start the simulator with a longer run-time limit.',
    ].join('\n'),
  };
}

/** Mark a promise as handled; its outcome is still observed wherever it is awaited. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
