import type { JobDetail, JobInfo, VariantId } from '../../shared/variants';
import { VARIANTS, executeKind } from '../../shared/variants';
import type { WireDecodeError } from '../../shared/wire';
import { previewRaw } from '../../shared/wire';
import { indent, orDash, renderFields } from './table';

export interface JobSections {
  payload: boolean;
  result: boolean;
  logs: boolean;
  errors: boolean;
}

/** The summary lines of a job, the same for the light and the full form. */
export function renderJobSummary(info: JobInfo, variant: VariantId): string {
  const fields: [string, string][] = [
    ['status', orDash(info.status)],
    ['device id', String(info.device_id)],
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
  return `Job ${info.id}${info.name ? `  ${info.name}` : ''}\n${renderFields(fields)}`;
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
  return `    (could not be decoded: ${problem.message.replace(/ \(raw: .*\)$/s, '')})\n    raw value as received:\n${indent(raw, 6)}\n`;
}

function section(title: string, body: string): string {
  return `\n--- ${title} ---\n${body.endsWith('\n') ? body : `${body}\n`}`;
}

function renderPayload(detail: JobDetail): string {
  const payload = detail.payload;
  if (!payload) return '    (none)\n';
  let out = `    type: ${payload.type}\n`;
  for (const [field, inner] of Object.entries(payload)) {
    if (field === 'type' || inner === null || inner === undefined) continue;
    if (typeof inner !== 'object') {
      out += `    ${field}: ${String(inner)}\n`;
      continue;
    }
    for (const [key, yamlText] of Object.entries(inner as Record<string, unknown>)) {
      out += `    ${field}.${key}:\n${indent(String(yamlText), 6)}\n`;
    }
  }
  return out;
}

function renderResult(detail: JobDetail, variant: VariantId): string {
  const result = detail.result;
  if (!result) return '    (none yet)\n';
  let out = `    type: ${result.type}\n`;
  const populated = VARIANTS[variant].resultFields.filter((f) => {
    const value = (result as Record<string, unknown>)[f];
    return value !== null && value !== undefined;
  });
  if (populated.length === 0) out += '    (no result field is populated)\n';
  for (const field of populated) {
    out += `    ${field}:\n${indent(String((result as Record<string, unknown>)[field]), 6)}\n`;
  }
  return out;
}

function text(value: string | null | undefined): string {
  return value ? `${indent(value, 4)}\n` : '    (none)\n';
}

/** One job for people: summary, then each requested part, undecodable fields with their raw value. */
export function renderJobDetail(
  detail: JobDetail,
  variant: VariantId,
  problems: readonly WireDecodeError[],
  sections: JobSections,
): string {
  let out = renderJobSummary(detail, variant);
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
      part('logs', () => text(detail.logs)),
    );
  if (sections.errors) {
    out += section(
      'error',
      part('error', () => text(detail.error)),
    );
    out += section(
      'error logs',
      part('error_logs', () => text(detail.error_logs)),
    );
  }
  const unshown = problems.filter(
    (p) =>
      !['payload', 'result', 'logs', 'error', 'error_logs'].some(
        (f) => p.field === f || p.field.startsWith(`${f}.`) || p.field.startsWith(`${f}[`),
      ),
  );
  for (const p of unshown) out += `\nwarning: ${p.message}\n`;
  return out;
}

/** For the progress lines on stderr. */
export function describeProblems(problems: readonly WireDecodeError[]): string[] {
  return problems.map(
    (p) =>
      `field '${p.field}' could not be decoded (${p.code}); raw value kept: ${previewRaw(p.raw)}`,
  );
}
