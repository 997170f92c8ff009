import { VARIANTS, executeKind } from '../../../shared/variants';
import type { ExecutePayload, VariantId } from '../../../shared/variants';
import { decodeBareExecutePayload, decodeExecuteEnvelope, encodeJobId } from '../../../shared/wire';
import type { DeviceRegistry } from '../../devices/device-registry';
import type { JobManager } from '../../jobs/job-manager';
import { jobIdView } from '../../jobs/job-views';
import type { FieldIssue } from '../http-error';
import { HttpError, pathToLoc, validationError } from '../http-error';
import type { Route } from '../router';

interface ExecuteRequest {
  deviceCode: string;
  deviceLoc: (string | number)[];
  payload: ExecutePayload;
  /** What the payload was read as where it is an SDK client's known quirk (for the job's log). */
  notes: string[];
  jobType: string | null;
  name: string | null;
  meta: Record<string, unknown>;
}

/**
 * `POST /execute`: the envelope of docs/wire-format.md ("Execute"), or (with `?device_code=`) a
 * bare ExecutePayload as spec §4 literally shows it. The body is checked against the variant's
 * models, the job is stored, and its JobId returned before any work is done (spec §4 rule 1).
 */
export function executeRoute(variant: VariantId, devices: DeviceRegistry, jobs: JobManager): Route {
  return {
    method: 'POST',
    path: '/execute',
    auth: 'access',
    async handle(ctx) {
      const body = await ctx.body();
      const request = ctx.url.searchParams.has('device_code')
        ? bareRequest(variant, body, ctx.url.searchParams)
        : envelopeRequest(variant, body);
      const device = devices.byCode(request.deviceCode);
      if (!device) {
        throw validationError([
          {
            loc: request.deviceLoc,
            msg: `no device with code '${request.deviceCode}'; known devices: ${devices.codes().join(', ')}`,
          },
        ]);
      }
      const kind = executeKind(variant, request.payload.type);
      if (!kind) throw new Error(`validated payload has unknown type ${request.payload.type}`);
      const notes =
        request.jobType !== null && request.jobType !== kind.jobType
          ? [
              ...request.notes,
              `note: job type '${request.jobType}' differs from '${kind.jobType}', the usual one for ${kind.executeType}`,
            ]
          : request.notes;
      let job;
      try {
        job = await jobs.submit({
          device,
          executeType: kind.executeType,
          payload: request.payload,
          jobType: request.jobType ?? kind.jobType,
          name: request.name,
          description:
            typeof request.meta.description === 'string' ? request.meta.description : null,
          meta: request.meta,
          notice: VARIANTS[variant].jobIdMessage ? devices.notice(device.code) : null,
          notes,
        });
      } catch (error) {
        throw new HttpError(
          503,
          'not_stored',
          `the job could not be stored: ${(error as Error).message}`,
        );
      }
      return { status: 200, body: encodeJobId(variant, jobIdView(variant, job)) };
    },
  };
}

function envelopeRequest(variant: VariantId, body: unknown): ExecuteRequest {
  const decoded = decodeExecuteEnvelope(variant, body);
  if (!decoded.ok) {
    const issues: FieldIssue[] = decoded.issues.map((i) => ({
      loc: ['body', ...pathToLoc(i.path)],
      msg: i.message,
    }));
    const looksBare =
      typeof body === 'object' && body !== null && 'type' in body && !('payload' in body);
    if (looksBare) {
      issues.push({
        loc: ['query', 'device_code'],
        msg: 'a bare ExecutePayload body needs the device in ?device_code=',
      });
    }
    throw validationError(issues, 422, 'execute request');
  }
  const { envelope, payload } = decoded;
  return {
    deviceCode: envelope.device_code,
    deviceLoc: ['body', 'device_code'],
    payload,
    notes: decoded.notes,
    jobType: envelope.job_type,
    name: envelope.name ?? null,
    meta: envelope.meta,
  };
}

function bareRequest(variant: VariantId, body: unknown, query: URLSearchParams): ExecuteRequest {
  const decoded = decodeBareExecutePayload(variant, body);
  const issues: FieldIssue[] = decoded.ok
    ? []
    : decoded.issues.map((i) => ({ loc: ['body', ...pathToLoc(i.path)], msg: i.message }));
  const jobType = query.get('job_type');
  const jobTypes = VARIANTS[variant].jobTypes as readonly string[];
  if (jobType !== null && !jobTypes.includes(jobType)) {
    issues.push({
      loc: ['query', 'job_type'],
      msg: `unknown job type '${jobType}'; allowed: ${jobTypes.join(', ')}`,
    });
  }
  const deviceCode = query.get('device_code') ?? '';
  if (deviceCode === '') issues.push({ loc: ['query', 'device_code'], msg: 'must not be empty' });
  if (!decoded.ok || issues.length) throw validationError(issues, 422, 'execute request');
  return {
    deviceCode,
    deviceLoc: ['query', 'device_code'],
    payload: decoded.payload,
    notes: decoded.notes,
    jobType,
    name: query.get('name'),
    meta: {},
  };
}
