import type { BatchState, MemberState } from '../../shared/ipc/batch-schemas';
import type { SweepCombine } from '../../shared/sweeps/sweep-spec';

/** A batch as kept: what it sends, where, how fast. */
export interface BatchRecord {
  id: string;
  /** The connection it belongs to (the job store's profile key). */
  profile: string;
  name: string;
  deviceCode: string;
  executeType: string;
  combine: SweepCombine;
  parameters: { path: string; values: number[] }[];
  ratePerSecond: number;
  state: BatchState;
  note: string | null;
  createdAt: string;
}

/** A member as kept: its payload text is what is sent, every time. */
export interface MemberRecord {
  batchId: string;
  index: number;
  name: string;
  values: number[];
  text: string;
  state: MemberState;
  jobId: number | null;
  attempts: number;
  error: string | null;
  sentAt: string | null;
}

export type MemberPatch = Partial<
  Pick<MemberRecord, 'state' | 'jobId' | 'attempts' | 'error' | 'sentAt'>
>;

/**
 * Where batches live: SQLite beside the job store (a restart resumes them), or memory with the
 * reason when the binding will not load. Every write is committed before it returns, so a
 * member is `sending` on disk before its request leaves.
 */
export interface BatchStore {
  /** Null when kept on disk, else why not (said in the batch view). */
  readonly unavailable: string | null;
  create(batch: BatchRecord, members: readonly MemberRecord[]): void;
  list(profile: string): BatchRecord[];
  get(id: string): BatchRecord | null;
  members(id: string): MemberRecord[];
  updateBatch(id: string, patch: Partial<Pick<BatchRecord, 'state' | 'note'>>): void;
  updateMember(batchId: string, index: number, patch: MemberPatch): void;
  close(): void;
}

export class MemoryBatchStore implements BatchStore {
  readonly #batches = new Map<string, BatchRecord>();
  readonly #members = new Map<string, MemberRecord[]>();
  constructor(readonly unavailable: string | null = null) {}

  create(batch: BatchRecord, members: readonly MemberRecord[]): void {
    this.#batches.set(batch.id, { ...batch });
    this.#members.set(
      batch.id,
      members.map((m) => ({ ...m })),
    );
  }
  list(profile: string): BatchRecord[] {
    return [...this.#batches.values()]
      .filter((b) => b.profile === profile)
      .map((b) => ({ ...b }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }
  get(id: string): BatchRecord | null {
    const b = this.#batches.get(id);
    return b ? { ...b } : null;
  }
  members(id: string): MemberRecord[] {
    return (this.#members.get(id) ?? []).map((m) => ({ ...m }));
  }
  updateBatch(id: string, patch: Partial<Pick<BatchRecord, 'state' | 'note'>>): void {
    const b = this.#batches.get(id);
    if (b) Object.assign(b, patch);
  }
  updateMember(batchId: string, index: number, patch: MemberPatch): void {
    const m = this.#members.get(batchId)?.find((x) => x.index === index);
    if (m) Object.assign(m, patch);
  }
  close(): void {}
}
