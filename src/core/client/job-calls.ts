import { handleForExecuteType } from '../../shared/handles';
import type { ExecutePayload, JobId, JobInfo, VariantId } from '../../shared/variants';
import { NO_CANCEL_REASON } from '../../shared/jobs/cancel-support';
import {
  WireDecodeError,
  buildExecuteEnvelope,
  decodeJobDetail,
  decodeJobId,
  decodeJobList,
} from '../../shared/wire';
import type { CallKit } from './call-kit';
import { errorCheckQuery, flagsForFields, jobPath } from './endpoints';
import { ServiceError } from './errors';
import type { StreamedJobDetail } from './body/job-detail-body';
import { readJobDetailBody } from './body/job-detail-body';
import type {
  CallOptions,
  DecodedJobDetail,
  ExecuteOptions,
  ExecuteOutcome,
  JobLookupOptions,
  ServiceClient,
} from './types';

/** The jobs: listing them, reading one, submitting one, cancelling one. */
export function jobCalls<V extends VariantId>({
  variant,
  config,
  url,
  send,
}: CallKit<V>): Pick<
  ServiceClient<V>,
  'listJobs' | 'listCarriesStatus' | 'getJob' | 'execute' | 'cancelJob'
> {
  const { limits, paths, flags } = config;
  /** What the last job list with records said about `status` (ServiceClient.listCarriesStatus). */
  let listStatus: boolean | null = null;

  return {
    listJobs(call?: CallOptions): Promise<JobInfo[]> {
      return send(
        {
          operation: 'listing jobs',
          method: 'GET',
          url: url(paths.jobs),
          auth: 'session',
          idempotent: true,
          limitBytes: limits.jobs,
          limitLabel: 'a job list',
        },
        call,
        (json) => {
          const jobs = decodeJobList(variant, json);
          if (jobs.length > 0) listStatus = jobs.every((j) => j.status != null);
          return jobs;
        },
        (json, jobs) => ({ sample: { kind: 'job-list', body: jobs ?? json }, failed: false }),
      );
    },

    listCarriesStatus: () => listStatus,

    getJob(id: number, call?: JobLookupOptions): Promise<DecodedJobDetail<V>> {
      if (!Number.isSafeInteger(id) || id < 0) {
        return Promise.reject(
          new ServiceError({
            code: 'invalid-request',
            operation: `fetching job ${id}`,
            message: `'${id}' is not a job id; nothing was sent.`,
            outcome: 'not-sent',
          }),
        );
      }
      const query = call?.full
        ? flags.full
        : call?.fields?.length
          ? flagsForFields(flags, call.withError ? [...call.fields, 'error'] : call.fields)
          : call?.withError
            ? errorCheckQuery(flags)
            : flags.light;
      // Any heavy part may be large: such a record is read as a stream, its texts kept within
      // their limits; the cheap form is small and read whole.
      const heavy = query !== flags.light;
      return send(
        {
          operation: `fetching job ${id}`,
          method: 'GET',
          url: url(jobPath(paths.job, id), query),
          auth: 'session',
          idempotent: true,
          limitBytes: heavy ? limits.jobDetail : limits.job,
          limitLabel: heavy ? "one job's full record" : "one job's status",
          readBody: (chunks) => readJobDetailBody(chunks, limits.keep),
        },
        call,
        (read) => {
          const streamed = read as StreamedJobDetail;
          const decoded = decodeJobDetail(variant, streamed.wire, streamed);
          return streamed.truncated.length
            ? { ...decoded, truncated: streamed.truncated }
            : decoded;
        },
        (read, decoded) => {
          // Parts that did not decode are looked at as they arrived; else the decoded record.
          const failed = !decoded || decoded.problems.length > 0;
          const body = failed ? (read as StreamedJobDetail).wire : decoded.detail;
          return { sample: { kind: 'job', body }, failed };
        },
      );
    },

    async execute(payload: ExecutePayload<V>, call: ExecuteOptions): Promise<ExecuteOutcome> {
      let body;
      try {
        body = buildExecuteEnvelope({
          variant,
          payload,
          deviceCode: call.deviceCode,
          name: call.name,
          meta: call.meta,
        });
      } catch (error) {
        // Nothing was sent: the payload itself does not fit the model.
        throw new ServiceError({
          code: 'invalid-request',
          operation: 'submitting the job',
          field: error instanceof WireDecodeError ? error.field : null,
          message: `The job was not submitted: ${error instanceof Error ? error.message : String(error)}`,
          outcome: 'not-sent',
          cause: error,
        });
      }
      const jobId: JobId = await send(
        {
          operation: 'submitting the job',
          method: 'POST',
          url: url(paths.execute),
          body,
          auth: 'session',
          // Never repeated blindly: a lost answer may hide a created job (no duplicates).
          idempotent: false,
          acceptedMeans: 'the job may exist',
          limitBytes: limits.job,
          limitLabel: 'the answer to a submission',
        },
        call,
        (json) => decodeJobId(variant, json),
        (json) => ({ sample: { kind: 'job-id', body: json }, failed: false }),
      );
      return {
        handle: handleForExecuteType(variant, payload.type, jobId.id),
        jobId,
        message:
          typeof jobId.message === 'string' && jobId.message.trim() !== '' ? jobId.message : null,
      };
    },

    async cancelJob(id: number, call?: CallOptions): Promise<void> {
      const operation = `cancelling job ${id}`;
      const refuse = (message: string) =>
        new ServiceError({ code: 'invalid-request', operation, message, outcome: 'not-sent' });
      if (!Number.isSafeInteger(id) || id < 0)
        throw refuse(`'${id}' is not a job id; nothing was sent.`);
      if (paths.cancel === null) throw refuse(`${capitalised(operation)}: ${NO_CANCEL_REASON}`);
      // The answer's shape is not documented (the simulator returns the job): only success counts.
      await send(
        {
          operation,
          method: 'POST',
          url: url(jobPath(paths.cancel, id)),
          auth: 'session',
          // Cancelling twice is harmless: the second answer is "already cancelled".
          idempotent: true,
        },
        call,
        () => undefined,
      );
    },
  };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
