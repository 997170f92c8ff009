import type { StoredJob } from './stored-job';

export interface LoadedJob {
  job: StoredJob;
  logs: string;
}

export interface StoreLoadReport {
  jobs: LoadedJob[];
  /** The highest job id ever stored, set-aside files included, so no id is handed out twice. */
  highestId: number;
  /** Files that could not be read and were moved aside, each with the reason. */
  problems: string[];
}

/**
 * Where the simulator keeps its jobs. `save` may coalesce: the promise settles once a snapshot
 * at least as new as the one passed is durable.
 */
export interface JobStore {
  readonly location: string | null;
  load(): Promise<StoreLoadReport>;
  save(job: StoredJob): Promise<void>;
  appendLog(id: number, text: string): Promise<void>;
  /** Wait for every write started so far. */
  flush(): Promise<void>;
}

/** Keeps nothing: for an embedded simulator started without a data folder. */
export class MemoryJobStore implements JobStore {
  readonly location = null;
  async load(): Promise<StoreLoadReport> {
    return { jobs: [], highestId: 0, problems: [] };
  }
  async save(): Promise<void> {}
  async appendLog(): Promise<void> {}
  async flush(): Promise<void> {}
}
