import { JOB_STATUSES } from '../../../shared/variants';
import type { VariantId } from '../../../shared/variants';
import { encodeJobDetailSliced, encodeJobInfo } from '../../../shared/wire';
import type { JobManager } from '../../jobs/job-manager';
import { DETAIL_FLAGS, jobDetailView, jobInfoView } from '../../jobs/job-views';
import type { DetailFlags } from '../../jobs/job-views';
import type { JobView } from '../../jobs/live-job';
import { HttpError } from '../http-error';
import { QueryReader, positiveIdParam } from '../query';
import type { Route } from '../router';

const MAX_PAGE = 1000;

/** Lets the server answer other requests between slices of a large answer's encoding. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `GET /jobs` (lightweight list; filters `status`, `device_id`; paging `limit`, `offset`;
 * newest first), `GET /jobs/{id}` (flag-less: the cheap polling lookup; with any of the
 * flags of docs/wire-format.md "Job lookups": a JobDetail), and `POST /jobs/{id}/cancel`, a
 * SIMULATOR EXTENSION that the real service's public interface does not document.
 */
export function jobRoutes(variant: VariantId, jobs: JobManager): Route[] {
  const notFound = (id: number) => new HttpError(404, 'not_found', `job ${id} not found`);
  // A client is never shown a state a restart would contradict: while a change is off disk,
  // the job's lookup says so instead of answering from memory.
  const notStored = (id: number, view: JobView) =>
    new HttpError(
      503,
      'not_stored',
      `the latest change of job ${id} could not be saved (${view.unsaved ?? 'unknown reason'}); ` +
        `it was last saved as ${view.job.status}, and the simulator keeps trying to save it`,
    );
  return [
    {
      method: 'GET',
      path: '/jobs',
      auth: 'access',
      handle(ctx) {
        const q = new QueryReader(ctx.url.searchParams);
        const statuses = q.list('status', JOB_STATUSES);
        const deviceId = q.integer('device_id', undefined, 0, Number.MAX_SAFE_INTEGER);
        const limit = q.integer('limit', MAX_PAGE, 1, MAX_PAGE);
        const offset = q.integer('offset', 0, 0, Number.MAX_SAFE_INTEGER);
        q.done();
        // Every record carries `status`, Variant A's too: the spec leaves it unshown there, but
        // the real service sends it and the official 0.2.x client requires it (list_jobs()).
        const items = jobs
          .list({ statuses, deviceId, limit, offset })
          .map((job) => encodeJobInfo(variant, jobInfoView(variant, job)));
        return { status: 200, body: { items } };
      },
    },
    {
      method: 'GET',
      path: '/jobs/:id',
      auth: 'access',
      async handle(ctx) {
        const id = positiveIdParam(ctx.params.id, 'id');
        const q = new QueryReader(ctx.url.searchParams);
        const flags = Object.fromEntries(
          DETAIL_FLAGS.map((f) => [f, q.flag(f)]),
        ) as unknown as DetailFlags;
        q.done();
        const found = jobs.get(id);
        if (!found) throw notFound(id);
        if (found.unsaved !== null) throw notStored(id, found);
        const detailed = DETAIL_FLAGS.some((f) => flags[f]);
        // A result or log of tens of megabytes is encoded a slice at a time (docs/simulator.md).
        const body = detailed
          ? await encodeJobDetailSliced(
              variant,
              jobDetailView(variant, found.job, found.logs, flags),
              nextTurn,
            )
          : encodeJobInfo(variant, jobInfoView(variant, found.job));
        return { status: 200, body };
      },
    },
    {
      method: 'POST',
      path: '/jobs/:id/cancel',
      auth: 'access',
      async handle(ctx) {
        const id = positiveIdParam(ctx.params.id, 'id');
        const outcome = await jobs.cancel(id);
        if (outcome.ok)
          return {
            status: 200,
            body: encodeJobInfo(variant, jobInfoView(variant, outcome.job)),
          };
        if (outcome.reason === 'not_found') throw notFound(id);
        if (outcome.reason === 'not_stored') throw notStored(id, outcome.view);
        throw new HttpError(
          409,
          'job_finished',
          `job ${id} is already ${outcome.status} and cannot be cancelled`,
        );
      },
    },
  ];
}
