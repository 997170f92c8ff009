import { DialectError } from '../../../shared/dialect/dialect-error';
import { parseJob } from '../../../shared/dialect/job-model';
import type { EngineJob, EngineOutcome, EngineProgress } from '../types';
import { writeSdkYaml } from '../../../shared/sdk/yaml';
import { evaluateJob } from './evaluators';
import { SimulationError } from './prepare-functional';
import { RunContext } from './run-context';
import { Work } from '../work';

/** The simulator's `validating` step: parse and check everything, run nothing. */
export function validateJob(job: EngineJob): EngineOutcome | null {
  try {
    parseJob(job);
    return null;
  } catch (err) {
    return failure(err, job);
  }
}

/**
 * A friendly payload refused by an SDK-only reading (sdkOnly), read once more as the friendly
 * form: when that fails too, its error is added, since it is what the person has to fix (the
 * payload could not be compiled because of it, and was sent as written). Null otherwise.
 */
function friendlyFormFailure(job: EngineJob, err: DialectError): EngineOutcome | null {
  if (!job.sdkOnly || err.init.code !== 'dialect.friendly_form') return null;
  try {
    parseJob({ ...job, sdkOnly: false });
    return null;
  } catch (friendly) {
    if (!(friendly instanceof DialectError)) return null;
    return {
      ok: false,
      error: `${err.message}; read as the friendly dialect it fails too: ${friendly.message}`,
      // What to fix first: a log viewer shows the start of the logs.
      errorLogs: `${friendly.toErrorLogs()}\n\nIt was sent in the app's friendly dialect, which the service does not read:\n${err.toErrorLogs()}`,
    };
  }
}

/**
 * Run a job to its result. Rejects only when aborted (with the signal's reason, or an
 * AbortError); every other failure is an `ok: false` outcome the job can end with.
 */
export async function runJob(
  job: EngineJob,
  onProgress?: (p: EngineProgress) => void,
  signal?: AbortSignal,
): Promise<EngineOutcome> {
  const work = Work.root(onProgress, signal);
  try {
    work.throwIfAborted();
    const parsed = parseJob(job);
    const ctx = new RunContext(job, parsed, work);
    work.report(0, 'started');
    const result = await evaluateJob(ctx, work);
    work.report(1, 'done');
    return { ok: true, resultField: parsed.resultField, resultYaml: writeSdkYaml(result) };
  } catch (err) {
    if (signal?.aborted) throw err;
    return failure(err, job);
  }
}

export function failure(err: unknown, job?: EngineJob): EngineOutcome {
  if (err instanceof DialectError)
    return (
      (job && friendlyFormFailure(job, err)) ?? {
        ok: false,
        error: err.message,
        errorLogs: err.toErrorLogs(),
      }
    );
  if (err instanceof SimulationError) {
    return {
      ok: false,
      error: err.message,
      errorLogs: `error: ${err.message}\n  detail:   ${err.detail}`,
    };
  }
  // Anything else is a defect of the simulator, not of the payload: say so, with the stack.
  const e = err instanceof Error ? err : new Error(String(err));
  return {
    ok: false,
    error: `internal simulator error: ${e.message.split('\n')[0]}`,
    errorLogs: `internal simulator error (please report it with the payload):\n${e.stack ?? e.message}`,
  };
}
