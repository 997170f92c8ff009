import { SimClock } from '../../../../src/simulator/clock';
import { CATALOGUE } from '../../../../src/simulator/devices/catalogue';
import { DeviceRegistry } from '../../../../src/simulator/devices/device-registry';
import type {
  EngineJob,
  EngineOutcome,
  EngineProgress,
} from '../../../../src/simulator/engine/types';
import { DEFAULT_ENGINE_LIMITS } from '../../../../src/simulator/engine/types';
import type { EnginePort } from '../../../../src/simulator/jobs/engine-port';
import { JobManager } from '../../../../src/simulator/jobs/job-manager';
import type { JobManagerOptions } from '../../../../src/simulator/jobs/job-manager';
import type { JobStore } from '../../../../src/simulator/store/job-store';

/**
 * A scripted engine: the functional YAML says what to do (`invalid`, `fail`, or `work: <ms>`),
 * so the lifecycle can be driven precisely without physics.
 */
export class ScriptedEngine implements EnginePort {
  readonly started: number[] = [];
  /** Seeds of the runs that came to their end (not aborted), in order. */
  readonly finished: number[] = [];
  async validate(job: EngineJob) {
    if (job.functionalYaml.includes('invalid')) {
      return {
        ok: false as const,
        error: `bad thing at ${job.pathPrefix}`,
        errorLogs: `${job.pathPrefix} (line 1): bad thing`,
      };
    }
    return { ok: true as const };
  }
  async run(
    job: EngineJob,
    onProgress: (p: EngineProgress) => void,
    signal: AbortSignal,
  ): Promise<EngineOutcome> {
    this.started.push(job.seed);
    const ms = Number(/work: (\d+)/.exec(job.functionalYaml)?.[1] ?? '0');
    for (let i = 1; i <= 4; i++) {
      await new Promise((resolve, reject) => {
        const t = setTimeout(resolve, ms / 4);
        signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), {
          once: true,
        });
      });
      onProgress({ fraction: i / 4, message: `step ${i}/4` });
    }
    this.finished.push(job.seed);
    if (job.functionalYaml.includes('fail'))
      return { ok: false, error: 'it failed', errorLogs: 'it failed, in detail' };
    return { ok: true, resultField: 'sampling_result', resultYaml: '!SamplingResult {nshots: 1}' };
  }
  async close() {}
}

export const device = (code: string) =>
  CATALOGUE.find((d) => d.code === code) ?? (CATALOGUE[0] as never);

/** Submits a sampling job whose functional YAML is the engine's script (`work: 40`, `invalid`). */
export const submit = (m: JobManager, yaml: string, code = 'sim.statevector') =>
  m.submit({
    device: device(code),
    executeType: 'sampling',
    payload: { type: 'sampling', sampling_payload: { sampling: yaml } },
    jobType: 'digital',
    name: null,
    description: null,
    meta: {},
    notice: null,
    notes: [],
  });

/** A Variant B manager over `store` with the scripted engine, its stored jobs taken over. */
export async function startManager(
  store: JobStore,
  overrides: Partial<JobManagerOptions> = {},
): Promise<JobManager> {
  const report = await store.load();
  const clock = new SimClock(100);
  const m = new JobManager({
    variant: 'B',
    store,
    devices: new DeviceRegistry(CATALOGUE, 1, clock),
    clock,
    engine: new ScriptedEngine(),
    seed: 1,
    failureRate: 0,
    runTimeLimitSeconds: 600,
    validationDelaySeconds: 0.1,
    limits: DEFAULT_ENGINE_LIMITS,
    onProblem: (message) => {
      throw new Error(message);
    },
    ...overrides,
  });
  await m.restore(report);
  return m;
}
