import type { EngineJob, EngineOutcome, EngineProgress } from '../engine/types';

export type ValidationOutcome = { ok: true } | { ok: false; error: string; errorLogs: string };

/**
 * What the job lifecycle needs from the physics engine. The simulator wires the engine's worker
 * pool in; tests may wire a scripted engine to drive the lifecycle precisely.
 */
export interface EnginePort {
  validate(job: EngineJob): Promise<ValidationOutcome>;
  /** Runs off the server's thread; aborting `signal` stops the computation. */
  run(
    job: EngineJob,
    onProgress: (progress: EngineProgress) => void,
    signal: AbortSignal,
  ): Promise<EngineOutcome>;
  close(): Promise<void>;
}
