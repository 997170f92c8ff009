import { readFile, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { TEMP_SUFFIX, syncDirectory, writeFileAtomic } from '../../node-kit/fs/atomic-write';
import { appendFileDurable } from '../../node-kit/fs/durable-append';
import { ensurePrivateDir, tightenTree } from '../../node-kit/fs/private-files';
import type { JobStore, LoadedJob, StoreLoadReport } from './job-store';
import { RecordBytes } from './record-bytes';
import { parseStoredJob } from './stored-job';
import type { StoredJob } from './stored-job';
import { WriteQueue } from './write-queue';

/** The two kinds of write the store makes; a test replaces them to make the disk fail. */
export interface JobFileWrites {
  replace(file: string, data: Uint8Array): Promise<void>;
  append(file: string, text: string): Promise<void>;
}

const DISK_WRITES: JobFileWrites = {
  replace: (file, data) => writeFileAtomic(file, data),
  append: appendFileDurable,
};

const RECORD = /^(\d+)\.json$/;
const LOG = /^(\d+)\.log$/;
const ANY_ID = /^(\d+)\./;

/**
 * One JSON file per job (replaced atomically on each change) and one append-only log file per
 * job, under `<root>/jobs`. Whatever cannot be read back is moved to `<root>/corrupt` with a
 * timestamp and reported; it is never deleted, and its id is never reused.
 */
export class FileJobStore implements JobStore {
  private readonly jobsDir: string;
  private readonly corruptDir: string;
  private readonly records = new Map<number, WriteQueue<StoredJob>>();
  private readonly logs = new Map<number, WriteQueue<string>>();
  private readonly logsCreated = new Set<number>();
  private readonly recordBytes = new RecordBytes();

  constructor(
    readonly location: string,
    private readonly writes: JobFileWrites = DISK_WRITES,
  ) {
    this.jobsDir = join(location, 'jobs');
    this.corruptDir = join(location, 'corrupt');
  }

  async load(): Promise<StoreLoadReport> {
    await ensurePrivateDir(this.jobsDir, this.location);
    await ensurePrivateDir(this.corruptDir);
    // Payloads, results and logs are their user's alone, files an earlier version wrote included.
    const problems = (await tightenTree(this.location)).map((p) => `could not make private: ${p}`);
    let highestId = 0;
    const names = (await readdir(this.jobsDir)).sort();
    const recordIds = new Set(names.flatMap((n) => idOf(RECORD, n)));
    const jobs: LoadedJob[] = [];

    for (const name of names) {
      if (name.endsWith(TEMP_SUFFIX)) {
        // An interrupted write: the file it was replacing is still whole beside it.
        await rm(join(this.jobsDir, name), { force: true });
        problems.push(`removed ${name}: an unfinished write interrupted by a crash`);
        continue;
      }
      const [logId] = idOf(LOG, name);
      if (logId !== undefined && !recordIds.has(logId)) {
        await this.setAside(name);
        problems.push(`moved ${name} to ${this.corruptDir}: a log without its job record`);
        highestId = Math.max(highestId, logId);
        continue;
      }
      const [id] = idOf(RECORD, name);
      if (id === undefined) continue;
      highestId = Math.max(highestId, id);
      const loaded = await this.readJob(id);
      if (loaded.ok) {
        jobs.push(loaded.value);
      } else {
        await this.setAside(name);
        if (names.includes(`${id}.log`)) await this.setAside(`${id}.log`);
        problems.push(`moved job ${id} to ${this.corruptDir}: ${loaded.reason}`);
      }
    }
    for (const name of await readdir(this.corruptDir)) {
      const [id] = idOf(ANY_ID, name);
      if (id !== undefined) highestId = Math.max(highestId, id);
    }
    jobs.sort((a, b) => a.job.id - b.job.id);
    return { jobs, highestId, problems };
  }

  save(job: StoredJob): Promise<void> {
    const path = join(this.jobsDir, `${job.id}.json`);
    // Made into bytes when written: of changes that pile up meanwhile, only the last is.
    return queueFor(
      this.records,
      job.id,
      (_older, newer) => newer,
      (latest) => this.writes.replace(path, this.recordBytes.of(latest)),
    ).push(job);
  }

  appendLog(id: number, text: string): Promise<void> {
    const path = join(this.jobsDir, `${id}.log`);
    return queueFor(
      this.logs,
      id,
      (older, newer) => (older ?? '') + newer,
      async (chunk) => {
        await this.writes.append(path, chunk);
        // The first append creates the file: make its directory entry durable too.
        if (!this.logsCreated.has(id)) {
          await syncDirectory(this.jobsDir);
          this.logsCreated.add(id);
        }
      },
    ).push(text);
  }

  async flush(): Promise<void> {
    await Promise.all([...this.records.values(), ...this.logs.values()].map((q) => q.idle()));
  }

  private async readJob(
    id: number,
  ): Promise<{ ok: true; value: LoadedJob } | { ok: false; reason: string }> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(join(this.jobsDir, `${id}.json`), 'utf8'));
    } catch (error) {
      return { ok: false, reason: `not readable JSON (${(error as Error).message})` };
    }
    const checked = parseStoredJob(parsed);
    if (!checked.ok) return { ok: false, reason: checked.reason.replace(/\s+/g, ' ') };
    if (checked.job.id !== id) {
      return { ok: false, reason: `the file of job ${id} holds job ${checked.job.id}` };
    }
    let logs = '';
    try {
      logs = await readFile(join(this.jobsDir, `${id}.log`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return { ok: true, value: { job: checked.job, logs } };
  }

  private async setAside(name: string): Promise<void> {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await rename(join(this.jobsDir, name), join(this.corruptDir, `${name}.${stamp}`));
  }
}

function idOf(pattern: RegExp, name: string): number[] {
  const match = pattern.exec(name);
  return match?.[1] ? [Number(match[1])] : [];
}

function queueFor<T>(
  queues: Map<number, WriteQueue<T>>,
  id: number,
  merge: (older: T | undefined, newer: T) => T,
  write: (data: T) => Promise<void>,
): WriteQueue<T> {
  let queue = queues.get(id);
  if (!queue) {
    queue = new WriteQueue(merge, write);
    queues.set(id, queue);
  }
  return queue;
}
