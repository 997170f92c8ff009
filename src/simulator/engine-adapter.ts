import { EnginePool, validateJob } from './engine';
import type { EnginePoolOptions } from './engine';
import type { EnginePort } from './jobs/engine-port';

/**
 * The physics engine behind the job lifecycle: validation (parsing only, cheap) on the server's
 * thread, runs on the engine's worker pool so a big simulation never delays an HTTP answer.
 */
export function createEnginePort(options: EnginePoolOptions): EnginePort {
  const pool = new EnginePool(options);
  return {
    async validate(job) {
      const outcome = validateJob(job);
      if (outcome === null || outcome.ok) return { ok: true };
      return { ok: false, error: outcome.error, errorLogs: outcome.errorLogs };
    },
    run: (job, onProgress, signal) => pool.run(job, onProgress, signal),
    close: () => pool.close(),
  };
}
