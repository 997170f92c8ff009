import { JobResultError, handleForExecuteType } from '../../../shared/handles';
import type { JobResultErrorCode } from '../../../shared/handles';
import type { VariantId } from '../../../shared/variants/declaration';
import type { JobDetail } from '../../../shared/variants/jobs';

/*
 * The viewer is chosen through the typed job handles (spec §2.11): the handle for the job's
 * execute type says which result field holds its result, and refuses a missing result or a
 * job of another type with the §7.2 error, which the viewer shows in words.
 */

export type TypedOutcome =
  | { ok: true; executeType: string; field: string; tag: string | null; yaml: string }
  | {
      ok: false;
      code: JobResultErrorCode | 'unknown_execute_type' | 'not_a_job';
      message: string;
      expected: readonly string[];
      actual: string | null;
    };

/**
 * The handle reads the root tag by parsing the whole text's CST, which takes minutes for a
 * result with a million outcomes. The tag is on the first line, so a long text is checked
 * through its first lines, and the full text is handed on.
 */
const HEAD_CHARS = 64 * 1024;

function headOf(text: string): string {
  if (text.length <= HEAD_CHARS) return text;
  const cut = text.lastIndexOf('\n', HEAD_CHARS);
  return text.slice(0, cut > 0 ? cut + 1 : HEAD_CHARS);
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

/** The execute type of a job as the detail tells it: the result's `type`, else the payload's. */
export function executeTypeOf(detail: Readonly<Record<string, unknown>>): string | null {
  const of = (field: string) => {
    const v = detail[field];
    return v && typeof v === 'object' ? text((v as Record<string, unknown>).type) : null;
  };
  return of('result') ?? of('payload');
}

export function typedResultOf(
  variant: VariantId,
  detail: Readonly<Record<string, unknown>>,
  executeType?: string | null,
): TypedOutcome {
  const id = detail.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0) {
    return {
      ok: false,
      code: 'not_a_job',
      message: 'This is not a job record (it has no job id).',
      expected: [],
      actual: null,
    };
  }
  const type = executeType ?? executeTypeOf(detail);
  if (!type) {
    const status = text(detail.status);
    return {
      ok: false,
      code: 'result_missing',
      message: `job ${id} has no result yet${status ? ` (status ${status})` : ''}`,
      expected: [],
      actual: null,
    };
  }
  let handle;
  try {
    handle = handleForExecuteType(variant, type, id);
  } catch (error) {
    return {
      ok: false,
      code: 'unknown_execute_type',
      message: error instanceof Error ? error.message : String(error),
      expected: [],
      actual: type,
    };
  }
  const result = detail.result as Record<string, unknown> | null | undefined;
  const full = result ? result[handle.resultField] : undefined;
  const light =
    typeof full === 'string' && full.length > HEAD_CHARS
      ? { ...detail, result: { ...result, [handle.resultField]: headOf(full) } }
      : detail;
  try {
    const typed = handle.bind(light as unknown as JobDetail).getResults();
    return {
      ok: true,
      executeType: type,
      field: typed.field,
      tag: typed.tag,
      yaml: typeof full === 'string' ? full : typed.yaml,
    };
  } catch (error) {
    if (error instanceof JobResultError) {
      return {
        ok: false,
        code: error.code,
        message: error.message,
        expected: error.expected,
        actual: error.actual,
      };
    }
    throw error;
  }
}
