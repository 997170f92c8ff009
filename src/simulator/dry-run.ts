import type { ExecutePayload, VariantId } from '../shared/variants';
import { CATALOGUE } from './devices/catalogue';
import { EnginePool } from './engine/pool/engine-pool';
import type { EngineJob } from './engine/types';
import { payloadEngineJob } from './jobs/engine-job';
import { resolveOptions } from './options';

export interface DryRunOutcome {
  /** The simulated device it ran on: the one asked for when the simulator has it, else the exact simulator. */
  deviceCode: string;
  resultYaml: string | null;
  error: string | null;
}

/** A job's limits, as a simulator started with no options applies them (`options.ts`). */
const JOB_LIMITS = resolveOptions({});

/**
 * One engine thread for the dry runs of this process, started on the first one; idle, it does
 * not keep the process alive (EnginePool), so nobody has to close it.
 */
let pool: EnginePool | undefined;

/**
 * One payload run by the simulator's engine, nothing sent anywhere: what a job of it would give.
 * It runs on an engine thread of its own, never on the caller's thread (the app's main process
 * keeps answering its windows; reading a large payload is work too), and is held to a job's
 * limits: the body size of `POST /execute`, the engine's limits (qubits, shots, …), refused with
 * the words a job's `validating` step uses, and the run-time limit, after which it is stopped.
 */
export async function dryRun(
  variant: VariantId,
  payload: ExecutePayload,
  deviceCode: string,
): Promise<DryRunOutcome> {
  const spec = CATALOGUE.find((d) => d.code === deviceCode) ?? CATALOGUE[0]!;
  const refused = (error: string): DryRunOutcome => ({
    deviceCode: spec.code,
    resultYaml: null,
    error,
  });
  const bytes = Buffer.byteLength(JSON.stringify(payload));
  if (bytes > JOB_LIMITS.maxBodyBytes)
    return refused(
      `the payload is ${bytes} bytes, over the ${JOB_LIMITS.maxBodyBytes} bytes a job's request may carry`,
    );
  const job = payloadEngineJob(variant, payload.type, payload, spec, 1, JOB_LIMITS.engineLimits);
  if (!job) return refused(`unknown type ${payload.type}`);
  const outcome = await runWithinTimeLimit(job);
  return outcome.ok
    ? { deviceCode: spec.code, resultYaml: outcome.resultYaml, error: null }
    : refused(outcome.error);
}

async function runWithinTimeLimit(job: EngineJob) {
  pool ??= new EnginePool({ size: 1 });
  const seconds = JOB_LIMITS.runTimeLimitSeconds;
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(), seconds * 1000);
  try {
    return await pool.run(job, undefined, limit.signal);
  } catch (error) {
    if (!limit.signal.aborted) throw error;
    return { ok: false as const, error: `run-time limit of ${seconds} s exceeded` };
  } finally {
    clearTimeout(timer);
  }
}
