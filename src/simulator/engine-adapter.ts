import { EnginePool } from './engine';
import { ValidationThread } from './engine/pool/validation-thread';
import type { EnginePoolOptions } from './engine';
import type { EnginePort } from './jobs/engine-port';

/**
 * The physics engine behind the job lifecycle: validation on a thread of its own, runs on the
 * engine's worker pool, so neither a payload of megabytes nor a big simulation ever delays an
 * HTTP answer.
 */
export function createEnginePort(options: EnginePoolOptions): EnginePort {
  const pool = new EnginePool(options);
  const validator = new ValidationThread(options.workerUrl);
  validator.warm();
  return {
    async validate(job) {
      const outcome = await validator.validate(job);
      if (outcome === null || outcome.ok) return { ok: true };
      return { ok: false, error: outcome.error, errorLogs: outcome.errorLogs };
    },
    run: (job, onProgress, signal) => pool.run(job, onProgress, signal),
    close: async () => {
      await Promise.all([pool.close(), validator.close()]);
    },
  };
}
