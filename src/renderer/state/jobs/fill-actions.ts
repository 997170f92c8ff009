import { call } from '../../services/qjob';
import type { JobsStoreParts } from './bookkeeping';
import { keepLogProgress, mergeRecord } from './records';

export interface JobsFillActions {
  /**
   * What the rows on screen lack and the job list does not carry: Variant A's statuses, from
   * the cheap per-job lookup; with `jobType`, Variant B's job types, from a lookup of the job's
   * `error` part (the least a detail can be), which the local store then keeps.
   */
  fillStatuses(ids: number[], jobType?: boolean): void;
  /**
   * The progress running jobs state in their logs, for their rows: one lookup of each job's
   * record and logs (a few at a time; a job already being looked up is not asked twice).
   */
  fillProgress(ids: number[]): void;
}

const FILL_CONCURRENCY = 3;
const PROGRESS_CONCURRENCY = 2;

/** What the rows on screen lack, looked up a few at a time (the table's third part). */
export function createFillActions(parts: JobsStoreParts): JobsFillActions {
  const { get, book } = parts;

  function runFills(): void {
    while (book.fillRunning < FILL_CONCURRENCY && book.fillQueue.length) {
      const { id, jobType } = book.fillQueue.shift()!;
      const profileId = get().profileId;
      book.fillRunning++;
      call('jobs.get', jobType ? { id, fields: ['error'] } : { id })
        .then((view) => {
          if (get().profileId !== profileId || !book.positions.has(id)) return;
          mergeRecord(parts, view.detail);
        })
        .catch(() => undefined /* the row keeps its dash; the detail explains when opened */)
        .finally(() => {
          book.fillRunning--;
          book.filling.delete(id);
          runFills();
        });
    }
  }

  function runProgressFills(): void {
    while (book.progressRunning < PROGRESS_CONCURRENCY && book.progressQueue.length) {
      const id = book.progressQueue.shift()!;
      const profileId = get().profileId;
      book.progressRunning++;
      call('jobs.get', { id, fields: ['logs'] })
        .then((view) => {
          if (get().profileId !== profileId || view.fromCache) return;
          keepLogProgress(parts, id, view.detail);
          mergeRecord(parts, view.detail);
        })
        .catch(() => undefined /* the row keeps what it showed; the next round asks again */)
        .finally(() => {
          book.progressRunning--;
          book.progressAsked.delete(id);
          runProgressFills();
        });
    }
  }

  return {
    fillStatuses(ids, jobType = false) {
      for (const id of ids) {
        if (book.filling.has(id) || (jobType && book.typeAsked.has(id))) continue;
        book.filling.add(id);
        if (jobType) book.typeAsked.add(id);
        book.fillQueue.push({ id, jobType });
      }
      runFills();
    },

    fillProgress(ids) {
      for (const id of ids) {
        if (book.progressAsked.has(id) || book.following.has(id)) continue;
        book.progressAsked.add(id);
        book.progressQueue.push(id);
      }
      runProgressFills();
    },
  };
}
