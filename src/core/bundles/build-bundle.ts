import type { JobAnnotations } from '../../shared/annotations';
import type { Bundle, BundleJob } from '../../shared/bundles';
import {
  BUNDLE_FORMAT,
  BUNDLE_MAX_BYTES,
  BUNDLE_SUFFIX,
  BUNDLE_VERSION,
  BundleError,
} from '../../shared/bundles';
import { formatMegabytes, utf8ByteLength } from '../../shared/ipc/limits';
import type { Device, JobDetail, JobInfo, VariantId } from '../../shared/variants';
import { JOB_RECORD_FIELDS } from '../../shared/variants';
import { payloadToYaml } from '../../shared/yaml/payload-to-yaml';
import type { SubmissionRecord } from '../annotations/types';
import type { CachedProblem, TimelineEntry } from '../cache/types';
import { redactForTicket } from '../diagnostics/redact-more';
import { redactValue } from '../logging/redact';

export interface BundleJobInput {
  detail: JobDetail;
  problems: CachedProblem[];
  fetchedAt: string;
  fromCache: boolean;
  timeline: TimelineEntry[];
  submission: SubmissionRecord | null;
  annotations: JobAnnotations;
}

export interface BundleInput {
  createdAt: string;
  app: Bundle['app'];
  source: { variant: VariantId; connection: string; baseUrl: string | null };
  /** The device list when the bundle is made (for jobs not submitted from here), if any. */
  devices: { devices: readonly Device[]; fetchedAt: string } | null;
  jobs: BundleJobInput[];
}

/**
 * A bundle of jobs, with every secret-looking value removed: the service's free texts (logs,
 * errors), the notes and the record's extra fields go through the same redaction as a support
 * ticket, the service address loses any user, password, query and fragment. The payload keeps
 * its exact bytes unless redaction would change it; then it is redacted and marked so (a
 * payload is physics: a key in it is a mistake worth not spreading further).
 */
export function buildBundle(input: BundleInput): Bundle {
  let redactions = 0;
  const clean = (text: string | null | undefined): string | null => {
    if (text === null || text === undefined) return null;
    const out = redactForTicket(text);
    if (out !== text) redactions++;
    return out;
  };
  const cleanValue = <T>(value: T): T => {
    const out = redactValue(value) as T;
    if (JSON.stringify(out) !== JSON.stringify(value)) redactions++;
    return out;
  };

  const jobs = input.jobs.map((job): BundleJob => {
    const { detail, submission, annotations } = job;
    const payloadText =
      submission?.payloadText ?? (detail.payload ? payloadToYaml(detail.payload) : null);
    const payloadClean = clean(payloadText);
    const result =
      detail.result === undefined || detail.result === null ? null : cleanValue(detail.result);
    return {
      record: cleanValue(recordOf(detail)),
      payload:
        payloadText === null
          ? null
          : {
              text: payloadClean!,
              source: submission ? 'submitted' : 'service',
              redacted: payloadClean !== payloadText,
            },
      result,
      logs: clean(detail.logs),
      error: clean(detail.error),
      error_logs: clean(detail.error_logs),
      problems: job.problems.map((p) => ({ ...p, message: clean(p.message)!, raw: clean(p.raw) })),
      timeline: job.timeline,
      device: deviceOf(detail, submission, input.devices),
      tags: annotations.tags,
      note: clean(annotations.note) ?? '',
      origin: annotations.origin,
      fetchedAt: job.fetchedAt,
      fromCache: job.fromCache,
    };
  });

  return {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    createdAt: input.createdAt,
    app: input.app,
    source: {
      variant: input.source.variant,
      connection: input.source.connection,
      service: input.source.baseUrl === null ? null : publicAddress(input.source.baseUrl),
    },
    redactions,
    jobs,
  };
}

/** The record's light fields and any extra field the service sent; the heavy ones are apart. */
function recordOf(detail: JobDetail): JobInfo {
  const heavy = new Set(['payload', 'result', 'logs', 'error', 'error_logs']);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(detail)) if (!heavy.has(key)) out[key] = value;
  for (const key of JOB_RECORD_FIELDS) if (out[key] === undefined) delete out[key];
  return out as JobInfo;
}

function deviceOf(
  detail: JobDetail,
  submission: SubmissionRecord | null,
  now: BundleInput['devices'],
): BundleJob['device'] {
  if (submission?.device) {
    return {
      code: submission.deviceCode,
      id: detail.device_id,
      record: submission.device,
      seen: 'submission',
      seenAt: submission.deviceSeenAt,
    };
  }
  const listed = now?.devices.find((d) => d.id === detail.device_id) ?? null;
  return {
    code: submission?.deviceCode ?? listed?.code ?? null,
    id: detail.device_id,
    record: listed,
    seen: listed ? 'export' : 'unknown',
    seenAt: listed ? now!.fetchedAt : null,
  };
}

/** The service's address without user, password, query or fragment. */
export function publicAddress(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString();
  } catch {
    return redactForTicket(baseUrl);
  }
}

/** The bundle as the file's text, refused with the largest job named when it is too big. */
export function serializeBundle(bundle: Bundle): string {
  const text = `${JSON.stringify(bundle, null, 2)}\n`;
  const bytes = utf8ByteLength(text);
  if (bytes > BUNDLE_MAX_BYTES) {
    const sizes = bundle.jobs.map((j) => ({ id: j.record.id, n: JSON.stringify(j).length }));
    const largest = sizes.sort((a, b) => b.n - a.n)[0]!;
    throw new BundleError(
      `The bundle would be ${formatMegabytes(bytes)}; a bundle may be up to ${formatMegabytes(BUNDLE_MAX_BYTES)}. The largest job is ${largest.id}: bundle fewer jobs, or that one alone.`,
    );
  }
  return text;
}

/** `job-12.qjob.json`, or for a batch `jobs-12-and-3-more.qjob.json`. */
export function bundleFileName(ids: readonly number[]): string {
  if (ids.length === 1) return `job-${ids[0]}${BUNDLE_SUFFIX}`;
  return `jobs-${ids[0]}-and-${ids.length - 1}-more${BUNDLE_SUFFIX}`;
}
