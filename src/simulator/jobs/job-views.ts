import { VARIANTS } from '../../shared/variants';
import type { JobDetail, JobId, JobInfo, VariantId } from '../../shared/variants';
import type { StoredJob } from '../store/stored-job';

/**
 * Which heavy parts of a JobDetail a lookup asked for (the boolean query flags of
 * docs/wire-format.md, "Job lookups").
 */
export interface DetailFlags {
  payload: boolean;
  result: boolean;
  logs: boolean;
  error_logs: boolean;
  error: boolean;
}

export const DETAIL_FLAGS = ['payload', 'result', 'logs', 'error_logs', 'error'] as const;

/** JobId (spec §2.10): `message` only where the variant declares it. */
export function jobIdView(variant: VariantId, job: StoredJob): JobId {
  return VARIANTS[variant].jobIdMessage ? { id: job.id, message: job.notice } : { id: job.id };
}

/**
 * JobInfo (spec §2.10), with `status` in both variants: the specification does not show it in
 * Variant A's job list, but the real service sends it there and qilisdk 0.2.x's `list_jobs()`
 * requires it on every record (docs/wire-format.md).
 */
export function jobInfoView(variant: VariantId, job: StoredJob): JobInfo {
  const info: JobInfo = {
    ...jobIdView(variant, job),
    name: job.name,
    description: job.description,
    device_id: job.device_id,
    created_at: job.created_at,
    updated_at: job.updated_at,
    completed_at: job.completed_at,
  };
  info.status = job.status;
  return info;
}

/** JobDetail (spec §2.10): the requested parts filled in, the others null. */
export function jobDetailView(
  variant: VariantId,
  job: StoredJob,
  logs: string,
  flags: DetailFlags,
): JobDetail {
  const detail: JobDetail = {
    ...jobInfoView(variant, job),
    payload: flags.payload ? job.payload : null,
    result: flags.result ? job.result : null,
    logs: flags.logs ? logs : null,
    error: flags.error ? job.error : null,
    error_logs: flags.error_logs ? job.error_logs : null,
  };
  if (VARIANTS[variant].jobDetailJobType) detail.jobType = job.job_type as JobDetail['jobType'];
  return detail;
}
