import type { JobDetail, JobInfo, VariantId } from '../../src/shared/variants';
import { encodeJobDetail, encodeJobInfo } from '../../src/shared/wire';

/**
 * Wire bodies as the real service sends them (docs/wire-format.md), for tests that fake the
 * service.
 */

export function wireToken(
  options: { access?: string; refresh?: string | null; expiresIn?: number } = {},
) {
  const token: Record<string, unknown> = {
    accessToken: options.access ?? 'access-1',
    expiresIn: options.expiresIn ?? 3600,
    issuedAt: String(Math.floor(Date.now() / 1000)),
    tokenType: 'bearer',
  };
  if (options.refresh !== null) token.refreshToken = options.refresh ?? 'refresh-1';
  return token;
}

export function jobInfo(
  id: number,
  status: JobInfo['status'],
  extra: Partial<JobInfo> = {},
): JobInfo {
  return {
    id,
    name: `job ${id}`,
    description: '',
    device_id: 1,
    status,
    created_at: '2026-11-22T11:25:28Z',
    updated_at: null,
    completed_at: null,
    ...extra,
  };
}

/** A job's full detail (the record of `jobInfo`, no payload, result or logs unless given). */
export function jobDetail(
  id: number,
  status: JobInfo['status'],
  extra: Partial<JobDetail> = {},
): JobDetail {
  return {
    ...jobInfo(id, status),
    payload: null,
    result: null,
    logs: null,
    error: null,
    error_logs: null,
    ...extra,
  } as JobDetail;
}

export function wireJobInfo(variant: VariantId, info: JobInfo): Record<string, unknown> {
  return encodeJobInfo(variant, info);
}

export function wireJobList(
  variant: VariantId,
  infos: JobInfo[],
): { items: Record<string, unknown>[] } {
  return { items: infos.map((i) => encodeJobInfo(variant, i)) };
}

export function wireJobDetail<V extends VariantId>(
  variant: V,
  detail: JobDetail<V>,
): Record<string, unknown> {
  return encodeJobDetail(variant, detail);
}

export const DEVICES_BODY = {
  items: [
    {
      id: 1,
      code: 'sim-1',
      nqubits: 5,
      name: 'Simulator one',
      description: 'a test device',
      type: 'simulator',
      status: 'online',
    },
  ],
};

/** A valid Variant B payload in model form (functional object as a YAML string). */
export const SAMPLING_PAYLOAD_B = {
  type: 'sampling',
  sampling_payload: { sampling: '!Sampling\nnshots: 10\n' },
} as const;
