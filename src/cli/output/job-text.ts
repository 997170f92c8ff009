import { describeTruncation } from '../../core/client/body/job-detail-body';
import type { JobDetail, JobInfo, VariantId } from '../../shared/variants';
import { VARIANTS, executeKind } from '../../shared/variants';
import type { TruncatedField, WireDecodeError } from '../../shared/wire';
import { previewRaw } from '../../shared/wire';
import { indent, orDash, renderFields } from './table';
import type { PrintableOptions } from './terminal-text';
import { oneLine, printable } from './terminal-text';

export interface JobSections {
  payload: boolean;
  result: boolean;
  logs: boolean;
  errors: boolean;
}

export interface JobTextOptions {
  /** Text parts kept cut because they were larger than the client keeps. */
  truncated?: readonly TruncatedField[];
  /** What to do with colour sequences in the logs (escaped unless asked on a terminal). */
  logColours?: PrintableOptions['sgr'];
  /** The code of the job's device, when it is known (job records carry only its id). */
  deviceCode?: string | undefined;
}

/** Text from the service, indented, with its control characters escaped. */
function block(value: string, by: number, sgr: PrintableOptions['sgr'] = 'escape'): string {
  return indent(printable(value, { multiline: true, sgr }), by);
}

/** The summary lines of a job, the same for the light and the full form. */
export function renderJobSummary(
  info: JobInfo,
  variant: VariantId,
  deviceCode?: string | undefined,
): string {
  const fields: [string, string][] = [
    ['status', orDash(info.status)],
    [
      'device',
      deviceCode ? `${oneLine(deviceCode)} (id ${info.device_id})` : `id ${info.device_id}`,
    ],
  ];
  const detail = info as JobDetail;
  if (detail.payload?.type) {
    const kind = executeKind(variant, detail.payload.type);
    fields.push([
      'execute type',
      kind ? `${kind.executeType} (${kind.label})` : detail.payload.type,
    ]);
  }
  if (VARIANTS[variant].jobDetailJobType && detail.jobType)
    fields.push(['job type', detail.jobType]);
  fields.push(
    ['created', info.created_at],
    ['updated', orDash(info.updated_at)],
    ['completed', orDash(info.completed_at)],
  );
  if (info.description) fields.push(['description', info.description]);
  if (typeof info.message === 'string' && info.message) fields.push(['message', info.message]);
  return `Job ${info.id}${info.name ? `  ${oneLine(info.name)}` : ''}\n${renderFields(fields)}`;
}

function problemFor(
  problems: readonly WireDecodeError[],
  field: string,
): WireDecodeError | undefined {
  return problems.find(
    (p) => p.field === field || p.field.startsWith(`${field}.`) || p.field.startsWith(`${field}[`),
  );
}

/**
 * A field that arrived but could not be decoded: say so and show the raw value as received,
 * which is what support staff need to chase it.
 */
function undecodable(problem: WireDecodeError): string {
  const raw = typeof problem.raw === 'string' ? problem.raw : previewRaw(problem.raw, 10_000);
  const why = oneLine(problem.message.replace(/ \(raw: .*\)$/s, ''));
  return `    (could not be decoded: ${why})\n    raw value as received:\n${block(raw, 6)}\n`;
}

function section(title: string, body: string): string {
  return `\n--- ${title} ---\n${body.endsWith('\n') ? body : `${body}\n`}`;
}

function renderPayload(detail: JobDetail): string {
  const payload = detail.payload;
  if (!payload) return '    (none)\n';
  let out = `    type: ${oneLine(payload.type)}\n`;
  for (const [field, inner] of Object.entries(payload)) {
    if (field === 'type' || inner === null || inner === undefined) continue;
    if (typeof inner !== 'object') {
      out += `    ${field}: ${oneLine(String(inner))}\n`;
      continue;
    }
    for (const [key, yamlText] of Object.entries(inner as Record<string, unknown>)) {
      out += `    ${field}.${oneLine(key)}:\n${block(String(yamlText), 6)}\n`;
    }
  }
  return out;
}

function renderResult(detail: JobDetail, variant: VariantId): string {
  const result = detail.result;
  if (!result) return '    (none yet)\n';
  let out = `    type: ${oneLine(result.type)}\n`;
  const populated = VARIANTS[variant].resultFields.filter((f) => {
    const value = (result as Record<string, unknown>)[f];
    return value !== null && value !== undefined;
  });
  if (populated.length === 0) out += '    (no result field is populated)\n';
  for (const field of populated) {
    out += `    ${field}:\n${block(String((result as Record<string, unknown>)[field]), 6)}\n`;
  }
  return out;
}

function text(
  value: string | null | undefined,
  cut?: TruncatedField,
  sgr?: PrintableOptions['sgr'],
): string {
  if (!value) return '    (none)\n';
  const note = cut ? `    (${describeTruncation(cut)})\n` : '';
  return `${note}${block(value, 4, sgr)}\n`;
}

/** One job for people: summary, then each requested part, undecodable fields with their raw value. */
export function renderJobDetail(
  detail: JobDetail,
  variant: VariantId,
  problems: readonly WireDecodeError[],
  sections: JobSections,
  options: JobTextOptions = {},
): string {
  const cut = (field: string) => options.truncated?.find((t) => t.field === field);
  let out = renderJobSummary(detail, variant, options.deviceCode);
  const part = (field: string, render: () => string) => {
    const problem = problemFor(problems, field);
    return problem ? undecodable(problem) : render();
  };
  if (sections.payload)
    out += section(
      'payload',
      part('payload', () => renderPayload(detail)),
    );
  if (sections.result)
    out += section(
      'result',
      part('result', () => renderResult(detail, variant)),
    );
  if (sections.logs)
    out += section(
      'logs',
      part('logs', () => text(detail.logs, cut('logs'), options.logColours ?? 'strip')),
    );
  if (sections.errors) {
    out += section(
      'error',
      part('error', () => text(detail.error, cut('error'))),
    );
    out += section(
      'error logs',
      part('error_logs', () => text(detail.error_logs, cut('error_logs'))),
    );
  }
  const unshown = problems.filter(
    (p) =>
      !['payload', 'result', 'logs', 'error', 'error_logs'].some(
        (f) => p.field === f || p.field.startsWith(`${f}.`) || p.field.startsWith(`${f}[`),
      ),
  );
  for (const p of unshown) out += `\nwarning: ${oneLine(p.message)}\n`;
  return out;
}

/** For the lines on stderr beside JSON: each field that did not decode, and each text cut. */
export function describeProblems(
  problems: readonly WireDecodeError[],
  truncated: readonly TruncatedField[] = [],
): string[] {
  return [
    ...problems.map((p) =>
      oneLine(
        `field '${p.field}' could not be decoded (${p.code}); raw value kept: ${previewRaw(p.raw)}`,
      ),
    ),
    ...truncated.map((t) => describeTruncation(t)),
  ];
}

/**
 * What a support engineer needs first about a job that failed: its error, and where the rest
 * is. Empty for a job that did not fail.
 */
export function renderFailure(
  detail: JobDetail,
  problems: readonly WireDecodeError[],
  truncated: readonly TruncatedField[] = [],
): string {
  const failed = detail.status === 'error' || detail.status === 'timeout' || !!detail.error;
  if (!failed) return '';
  const problem = problemFor(problems, 'error');
  const error = problem
    ? undecodable(problem)
    : detail.error
      ? text(
          detail.error,
          truncated.find((t) => t.field === 'error'),
        )
      : '    (the service sent no error text)\n';
  const errorLogs = detail.error_logs ?? null;
  const lines = errorLogs ? errorLogs.replace(/\n$/, '').split('\n').length : 0;
  const more = problemFor(problems, 'error_logs')
    ? 'Its error logs arrived but could not be decoded'
    : errorLogs
      ? `Its error logs (${lines} line${lines === 1 ? '' : 's'}) are shown with --errors`
      : 'The service sent no error logs for it';
  return `${section('error', error)}\n${more}; its logs with --logs (qjob job ${detail.id} --errors --logs).\n`;
}
