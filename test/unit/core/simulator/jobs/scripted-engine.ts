import { CATALOGUE } from '../../../../../src/core/simulator/devices/catalogue';
import type {
  EngineJob,
  EngineOutcome,
  EngineProgress,
} from '../../../../../src/core/simulator/engine/types';
import type { EnginePort } from '../../../../../src/core/simulator/jobs/engine-port';

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
