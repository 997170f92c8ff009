import type { JobAnnotations } from '../../shared/annotations';
import type { Bundle, BundleJob } from '../../shared/bundles';
import {
  BUNDLE_FORMAT,
  BUNDLE_MAX_BYTES,
  BUNDLE_SUFFIX,
  BUNDLE_VERSION,
  BundleError,
  bundleJobSchema,
  bundlePayloadSchema,
} from '../../shared/bundles';
import { formatMegabytes, utf8ByteLength } from '../../shared/ipc/limits';
import { TRUNCATED_PROBLEM_CODE } from '../../shared/ipc/schemas';
import type { Device, JobDetail, JobInfo, VariantId } from '../../shared/variants';
import { JOB_RECORD_FIELDS } from '../../shared/variants';
import { payloadToYaml } from '../../shared/yaml/payload-to-yaml';
import type { SubmissionRecord } from '../annotations/types';
import type { CachedProblem, TimelineEntry } from '../job-store/types';
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

/** Removes secret-looking values, counting the texts it changed. */
class Redactor {
  count = 0;
  text(text: string | null | undefined): string | null {
    if (text === null || text === undefined) return null;
    const out = redactForTicket(text);
    if (out !== text) this.count++;
    return out;
  }
  value<T>(value: T): T {
    const out = redactValue(value) as T;
    if (JSON.stringify(out) !== JSON.stringify(value)) this.count++;
    return out;
  }
}

/**
 * A bundle of jobs, with every secret-looking value removed: the service's free texts (logs,
 * errors), the notes and the record's extra fields go through the same redaction as a support
 * ticket, the service address loses any user, password, query and fragment. The payload keeps
 * its exact bytes unless redaction would change it; then it is redacted and marked so (a
 * payload is physics: a key in it is a mistake worth not spreading further).
 */
export function buildBundle(input: BundleInput): Bundle {
  const redact = new Redactor();
  const jobs = input.jobs.map((job) => bundleJob(job, input.devices, redact));
  return { ...bundleHead(input, redact.count), jobs };
}

function bundleHead(
  input: Pick<BundleInput, 'createdAt' | 'app' | 'source'>,
  redactions: number,
): Omit<Bundle, 'jobs'> {
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
  };
}

/** One job as a bundle holds it: redacted, and within what a bundle may hold of each part. */
function bundleJob(
  job: BundleJobInput,
  devices: BundleInput['devices'],
  redact: Redactor,
): BundleJob {
  const { detail, submission, annotations } = job;
  const payloadText =
    submission?.payloadText ?? (detail.payload ? payloadToYaml(detail.payload) : null);
  const payloadClean = redact.text(payloadText);
  const result =
    detail.result === undefined || detail.result === null ? null : redact.value(detail.result);
  return fitted({
    record: redact.value(recordOf(detail)),
    payload:
      payloadText === null
        ? null
        : {
            text: payloadClean!,
            source: submission ? 'submitted' : 'service',
            redacted: payloadClean !== payloadText,
          },
    result,
    logs: redact.text(detail.logs),
    error: redact.text(detail.error),
    error_logs: redact.text(detail.error_logs),
    problems: job.problems.map((p) => ({
      ...p,
      message: redact.text(p.message)!,
      raw: redact.text(p.raw),
    })),
    timeline: job.timeline,
    device: deviceOf(detail, submission, devices),
    tags: annotations.tags,
    note: redact.text(annotations.note) ?? '',
    origin: annotations.origin,
    fetchedAt: job.fetchedAt,
    fromCache: job.fromCache,
  });
}

/** What a bundle holds of each text at most (characters), as its reader checks. */
const TEXT_LIMITS = {
  logs: bundleJobSchema.shape.logs.unwrap().maxLength ?? Infinity,
  error_logs: bundleJobSchema.shape.error_logs.unwrap().maxLength ?? Infinity,
  error: bundleJobSchema.shape.error.unwrap().maxLength ?? Infinity,
};
const PAYLOAD_LIMIT = bundlePayloadSchema.shape.text.maxLength ?? Infinity;
const PROBLEMS_LIMIT = 100;
const NAMES = { logs: 'logs', error_logs: 'error logs', error: 'error text' } as const;

/**
 * The job cut to what a bundle may hold, so every bundle written can be opened: a longer log
 * keeps its end (where a failure is), a longer error its start, each with a note in the job's
 * problems; a payload too long to hold is left out, and said so.
 */
function fitted(job: BundleJob): BundleJob {
  const notes: BundleJob['problems'] = [];
  const cut = (field: keyof typeof TEXT_LIMITS, keep: 'start' | 'end') => {
    const text = job[field];
    const max = TEXT_LIMITS[field];
    if (text === null || text.length <= max) return text;
    notes.push({
      field,
      code: TRUNCATED_PROBLEM_CODE,
      message: `The ${NAMES[field]} are ${text.length.toLocaleString('en')} characters, more than a bundle holds: only the ${keep === 'end' ? 'last' : 'first'} ${max.toLocaleString('en')} are in it.`,
      raw: null,
    });
    return keep === 'end' ? text.slice(text.length - max) : text.slice(0, max);
  };
  const logs = cut('logs', 'end');
  const errorLogs = cut('error_logs', 'end');
  const error = cut('error', 'start');
  let payload = job.payload;
  if (payload && payload.text.length > PAYLOAD_LIMIT) {
    notes.push({
      field: 'payload',
      code: TRUNCATED_PROBLEM_CODE,
      message: `The payload document is ${payload.text.length.toLocaleString('en')} characters, more than a bundle holds (${PAYLOAD_LIMIT.toLocaleString('en')}): it is not in the bundle.`,
      raw: null,
    });
    payload = null;
  }
  if (notes.length === 0) return job;
  const problems = [...notes, ...job.problems].slice(0, PROBLEMS_LIMIT);
  return { ...job, logs, error_logs: errorLogs, error, payload, problems };
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
  const { jobs, ...head } = bundle;
  const text = new BundleText(head);
  for (const job of jobs) text.add(job, jobs.length);
  return text.finish(head.redactions);
}

/**
 * A bundle's text written job by job (`JSON.stringify(bundle, null, 2)`, the same bytes), its
 * size checked at each job: a bundle over the limit is refused at the job that passes it, before
 * any later job is fetched or held.
 */
class BundleText {
  readonly #head: Omit<Bundle, 'jobs' | 'redactions'>;
  readonly #pieces: string[] = [];
  #bytes: number;
  #largest = { id: 0, bytes: 0 };

  constructor(head: Omit<Bundle, 'jobs'>) {
    const { redactions: _redactions, ...rest } = head;
    this.#head = rest;
    // The head with room for any count of redactions, the brackets and the line ends around the jobs.
    this.#bytes = utf8ByteLength(this.#headText(Number.MAX_SAFE_INTEGER)) + 16;
  }

  add(job: BundleJob, of: number): void {
    const piece = indent(JSON.stringify(job, null, 2));
    const bytes = utf8ByteLength(piece) + 2;
    const id = job.record.id;
    if (bytes > this.#largest.bytes) this.#largest = { id, bytes };
    this.#bytes += bytes;
    if (this.#bytes > BUNDLE_MAX_BYTES) {
      const limit = formatMegabytes(BUNDLE_MAX_BYTES);
      throw new BundleError(
        this.#pieces.length === 0
          ? `Job ${id} alone would make a bundle of ${formatMegabytes(this.#bytes)}; a bundle may be up to ${limit}, so it cannot be handed over as one.`
          : `The bundle would be more than ${limit}, the most a bundle may hold: it passes the limit at job ${id} (${this.#pieces.length + 1} of ${of}), and the largest job is ${this.#largest.id} (${formatMegabytes(this.#largest.bytes)}). Bundle fewer jobs, or that one alone.`,
      );
    }
    this.#pieces.push(piece);
  }

  finish(redactions: number): string {
    const jobs = this.#pieces.length ? `[\n${this.#pieces.join(',\n')}\n  ]` : '[]';
    return this.#headText(redactions).replace(/\[\]\n\}$/, `${jobs}\n}`) + '\n';
  }

  #headText(redactions: number): string {
    return JSON.stringify({ ...this.#head, redactions, jobs: [] }, null, 2);
  }
}

/** A job's JSON text as it stands in the bundle's list of jobs (two levels in). */
function indent(json: string): string {
  return `    ${json.replace(/\n/g, '\n    ')}`;
}

/**
 * Builds a bundle's text one job at a time (`collectBundle`): each job is redacted, fitted and
 * written as it comes, and the bundle refused at the first job that takes it over the limit.
 */
export class BundleWriter {
  readonly #redact = new Redactor();
  readonly #text: BundleText;
  readonly #of: number;

  constructor(head: Pick<BundleInput, 'createdAt' | 'app' | 'source'>, jobs: number) {
    this.#text = new BundleText(bundleHead(head, 0));
    this.#of = jobs;
  }

  add(job: BundleJobInput, devices: BundleInput['devices']): void {
    this.#text.add(bundleJob(job, devices, this.#redact), this.#of);
  }

  finish(): { text: string; redactions: number } {
    return { text: this.#text.finish(this.#redact.count), redactions: this.#redact.count };
  }
}

/** `job-12.qjob.json`, or for a batch `jobs-12-and-3-more.qjob.json`. */
export function bundleFileName(ids: readonly number[]): string {
  if (ids.length === 1) return `job-${ids[0]}${BUNDLE_SUFFIX}`;
  return `jobs-${ids[0]}-and-${ids.length - 1}-more${BUNDLE_SUFFIX}`;
}
