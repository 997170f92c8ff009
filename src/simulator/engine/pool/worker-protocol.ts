import type { EngineJob, EngineOutcome, EngineProgress } from '../types';

/** Messages between the EnginePool (main thread) and an engine worker. */
export type ToWorker = { type: 'run'; id: number; job: EngineJob };

export type FromWorker =
  | { type: 'progress'; id: number; progress: EngineProgress }
  | { type: 'done'; id: number; outcome: EngineOutcome };

/** To and from a validation thread (`validation-thread.ts`): one `validateJob` per request. */
export type ValidateRequest = { id: number; job: EngineJob };
export type ValidateReply = { id: number; outcome: EngineOutcome | null };
