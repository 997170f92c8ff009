import type { CachedProblem, TimelineEntry } from '../job-store/types';
import type { JobDetail } from '../../shared/variants';
import { JOB_RECORD_FIELDS } from '../../shared/variants';
import { redactValue } from '../logging/redact';
import { redactForTicket } from './redact-more';

const LOG_TAIL_LINES = 200;

export interface DiagnosticsInput {
  generatedAt: string;
  app: { name: string; version: string; shell: string };
  os: { platform: string; release: string; arch: string; runtime: string };
  profile: {
    id: string;
    name: string;
    baseUrl: string | null;
    variant: string;
    user: string | null;
  };
  job: {
    detail: JobDetail;
    problems: CachedProblem[];
    fromCache: boolean;
    fetchedAt: string;
    offline: string | null;
  };
  timeline: TimelineEntry[];
}

/**
 * The text a person pastes into a support ticket about one job. Built in the core so the UI never
 * holds anything secret; the whole text is redacted once more at the end, whatever its parts
 * promised, because logs and errors are the service's free text and may carry anything.
 */
export function buildDiagnosticsText(input: DiagnosticsInput): string {
  const { detail, problems } = input.job;
  const out: string[] = [];
  const section = (title: string, body: string | string[]) => {
    out.push('', `== ${title} ==`);
    // One by one: a push of a spread of 120,000 lines overflows the stack.
    for (const line of Array.isArray(body) ? body : [body]) out.push(line);
  };

  out.push(`${input.app.name} diagnostics for job ${detail.id}`, `Generated: ${input.generatedAt}`);
  section('App', [
    `Version: ${input.app.version} (${input.app.shell})`,
    `OS: ${input.os.platform} ${input.os.release} (${input.os.arch}), ${input.os.runtime}`,
  ]);
  section('Connection', [
    `Profile: ${input.profile.name} (${input.profile.id})`,
    `Base URL: ${input.profile.baseUrl ?? '(not known yet)'}`,
    `Variant: ${input.profile.variant}`,
    `User: ${input.profile.user ?? '(not logged in)'}`,
  ]);
  section('Job', [
    ...JOB_RECORD_FIELDS.filter((f) => detail[f] !== undefined).map(
      (f) => `${f}: ${String(detail[f] ?? '—')}`,
    ),
    input.job.fromCache
      ? `Source: the local store, fetched ${input.job.fetchedAt}. ${input.job.offline ?? ''}`.trim()
      : `Source: the service, fetched ${input.job.fetchedAt}`,
  ]);
  section(
    'Status timeline (as seen by this app)',
    input.timeline.length
      ? input.timeline.map(
          (t) =>
            `${t.at}  ${t.status}  (${t.source})` +
            (t.anomaly
              ? `  service anomaly: reported after ${t.anomaly.kept}; not taken (statuses only move forward)`
              : ''),
        )
      : '(no status changes seen)',
  );
  section('Error', detail.error ?? '(none)');
  section('Error logs', detail.error_logs ?? '(none)');
  if (problems.length) {
    section(
      'Fields that could not be decoded',
      problems.flatMap((p) => [
        `${p.field}: ${p.message} [${p.code}]`,
        `  raw: ${clip(p.raw ?? '(none)', 2000)}`,
      ]),
    );
  }
  section(
    'Payload',
    detail.payload ? JSON.stringify(redactValue(detail.payload), null, 2) : '(not available)',
  );
  section('Result', describeResult(detail));
  const { lines, total } = lastLines(detail.logs ?? '', LOG_TAIL_LINES);
  section(
    total > lines.length
      ? `Logs (last ${lines.length} of ${total} lines)`
      : `Logs (${total} lines)`,
    detail.logs ? lines : '(none)',
  );
  return redactForTicket(out.join('\n')) + '\n';
}

function describeResult(detail: JobDetail): string {
  const result = detail.result as { type?: unknown } | null | undefined;
  if (!result) return '(none)';
  const populated = Object.entries(result)
    .filter(([k, v]) => k !== 'type' && v != null)
    .map(([k]) => k);
  return `type ${String(result.type)}; populated: ${populated.join(', ') || 'nothing'} (the result itself is left out; export it from the Result tab)`;
}

/** The last `n` lines of a text without splitting all of it (logs may be 50 MB). */
export function lastLines(text: string, n: number): { lines: string[]; total: number } {
  if (!text) return { lines: [], total: 0 };
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  let total = 1;
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) total++;
  let start = body.length;
  for (let found = 0; found < n && start > 0; found++) start = body.lastIndexOf('\n', start - 1);
  const tail = body.slice(start + 1);
  return { lines: tail.split('\n'), total };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}
