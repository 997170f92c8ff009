import type { ExecuteType, VariantId } from '../variants/declaration';
import { VARIANTS } from '../variants/declaration';
import type { JobDetail } from '../variants/jobs';
import type { ExecuteResult } from '../variants/payload';
import { isMap } from 'yaml';
import { parsePayloadText } from '../yaml/parse';
import { keyString } from '../yaml/paths';
import { resolveNode } from '../yaml/origins';
import { rootTag } from '../yaml/root-tag';
import { JobResultError } from './errors';

/** The result a handle hands out: the populated result field and its YAML text (with its tag). */
export interface TypedResult<F extends string = string> {
  field: F;
  /** The result's root tag (`!SamplingResult`), null when untagged. */
  tag: string | null;
  yaml: string;
}

/** A JobDetail bound to a handle (spec §2.11). */
export type TypedJobDetail<
  V extends VariantId = VariantId,
  T extends ExecuteType = ExecuteType,
  F extends string = string,
> = JobDetail<V> & {
  readonly expected_type: T;
  readonly handle: JobHandle<V, T, F>;
  /** The typed result; throws `JobResultError` (spec §7.2). */
  getResults(): TypedResult<F>;
};

/** A typed reference to a job (spec §2.11): its id, its execute type and a result extractor. */
export interface JobHandle<
  V extends VariantId = VariantId,
  T extends ExecuteType = ExecuteType,
  F extends string = string,
> {
  readonly id: number;
  readonly execute_type: T;
  readonly variant: V;
  /** Execute types whose jobs this handle reads: those sharing its result field. */
  readonly accepts: readonly ExecuteType[];
  readonly resultField: F;
  /** Tag the result must carry (experiments), if asked for. */
  readonly expectedTag: string | null;
  /** Tag the inner result of a variational program must carry, if asked for. */
  readonly expectedInnerTag: string | null;
  extract(result: ExecuteResult<V>): TypedResult<F>;
  bind(detail: JobDetail<V>): TypedJobDetail<V, T, F>;
}

export interface HandleOptions {
  expectedTag?: string | null | undefined;
  expectedInnerTag?: string | null | undefined;
}

function asTag(tag: string | null | undefined): string | null {
  if (!tag) return null;
  return tag.startsWith('!') || tag.includes(':') ? tag : `!${tag}`;
}

function orList(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** The tag of a variational program result's inner result (`result` / `_result`). */
function innerResultTag(yaml: string): string | null {
  const { doc } = parsePayloadText(yaml);
  const root = resolveNode(doc.contents);
  if (!isMap(root)) return null;
  const pair = root.items.find((p) => ['result', '_result'].includes(keyString(p.key)));
  return resolveNode(pair?.value)?.tag ?? null;
}

function describeMissing(detail: JobDetail): string {
  const status = detail.status;
  if (!status) return `job ${detail.id} has no result yet`;
  if (status === 'completed')
    return `job ${detail.id} has no result (status completed; was it fetched with the result?)`;
  if (status === 'error' || status === 'timeout') {
    const reason = detail.error?.split('\n')[0]?.trim();
    return `job ${detail.id} has no result (status ${status}${reason ? `: ${reason}` : ''})`;
  }
  if (status === 'cancelled') return `job ${detail.id} has no result (status cancelled)`;
  return `job ${detail.id} has no result yet (status ${status})`;
}

/**
 * A handle for `executeType` in `variant`. Generic over the declaration: the result field
 * comes from the execute kind, and the handle accepts every execute type sharing that field
 * (in Variant A, digital propagation, analog evolution and quantum reservoir all produce a
 * `functional_result`).
 */
export function createHandle<V extends VariantId, T extends ExecuteType, F extends string>(
  variant: V,
  executeType: T,
  id: number,
  options: HandleOptions = {},
): JobHandle<V, T, F> {
  const kinds = VARIANTS[variant].executeKinds;
  const kind = kinds.find((k) => k.executeType === executeType);
  if (!kind) throw new RangeError(`Variant ${variant} has no execute type '${executeType}'`);
  if (!Number.isInteger(id) || id < 0) throw new RangeError(`not a job id: ${id}`);
  const resultField = kind.resultField as F;
  const accepts = kinds
    .filter((k) => k.resultField === resultField)
    .map((k) => k.executeType as ExecuteType);
  const expectedTag = asTag(options.expectedTag);
  const expectedInnerTag = asTag(options.expectedInnerTag);
  const resultLabel = resultField.replace(/_/g, ' ');

  const checkType = (actual: unknown) => {
    if (typeof actual === 'string' && (accepts as readonly string[]).includes(actual)) return;
    const shown = typeof actual === 'string' ? actual : 'an unknown';
    throw new JobResultError(
      'result_type_mismatch',
      id,
      `job ${id} is ${/^[aeiou]/.test(shown) ? 'an' : 'a'} ${shown} job but this handle expects ${orList(accepts)}`,
      { expected: accepts, actual: typeof actual === 'string' ? actual : null },
    );
  };

  const handle: JobHandle<V, T, F> = {
    id,
    execute_type: executeType,
    variant,
    accepts,
    resultField,
    expectedTag,
    expectedInnerTag,
    extract(result) {
      if (result == null) {
        throw new JobResultError('result_missing', id, `job ${id} has no result yet`, {
          expected: accepts,
        });
      }
      checkType(result.type);
      const yaml = (result as Record<string, unknown>)[resultField];
      if (typeof yaml !== 'string' || yaml.trim() === '') {
        throw new JobResultError('result_missing', id, `job ${id}'s result has no ${resultField}`, {
          expected: accepts,
          actual: result.type,
        });
      }
      const tag = rootTag(yaml);
      if (expectedTag && tag !== expectedTag) {
        throw new JobResultError(
          'inner_type_mismatch',
          id,
          `job ${id}: ${resultLabel} is ${tag ?? 'untagged'}, expected ${expectedTag}`,
          { expected: [expectedTag], actual: tag },
        );
      }
      if (expectedInnerTag) {
        const inner = innerResultTag(yaml);
        if (inner !== expectedInnerTag) {
          throw new JobResultError(
            'inner_type_mismatch',
            id,
            `job ${id}: ${resultLabel} holds ${inner ?? 'no tagged inner result'}, expected ${expectedInnerTag}`,
            { expected: [expectedInnerTag], actual: inner },
          );
        }
      }
      return { field: resultField, tag, yaml };
    },
    bind(detail) {
      if (detail.id !== id)
        throw new RangeError(`the handle of job ${id} cannot be bound to job ${detail.id}`);
      return {
        ...detail,
        expected_type: executeType,
        handle,
        getResults() {
          // The job's own type decides first: a mismatch is reported even before a result exists.
          const jobType = detail.result?.type ?? detail.payload?.type;
          if (jobType !== undefined) checkType(jobType);
          if (detail.result == null) {
            throw new JobResultError('result_missing', id, describeMissing(detail), {
              expected: accepts,
              actual: jobType ?? null,
            });
          }
          return handle.extract(detail.result);
        },
      };
    },
  };
  return handle;
}
