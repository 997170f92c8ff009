/**
 * The offline simulator's physics engine and payload-dialect interpreter
 * (`docs/payload-dialect.md`; it is read in `src/shared/dialect`). Node only.
 *
 * - `validateJob(job)`: the `validating` step: parse and check, run nothing.
 * - `runJob(job, onProgress?, signal?)`: compute the result on the calling thread.
 * - `EnginePool`: the same on worker threads, for servers.
 */
export type {
  EngineJob,
  EngineLimits,
  EngineOutcome,
  EngineProgress,
  PhysicalDevice,
  QubitParams,
  VariantId,
} from './types';
export { DEFAULT_ENGINE_LIMITS } from './types';
export { runJob, validateJob } from './run/run-job';
export { EnginePool } from './pool/engine-pool';
export type { EnginePoolOptions } from './pool/engine-pool';
