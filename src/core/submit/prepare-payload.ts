import type { ExecutePayload } from '../../shared/variants/payload';
import type { VariantId } from '../../shared/variants/declaration';
import type { YamlProblem } from '../../shared/yaml';
import { documentToExecutePayload } from '../../shared/yaml';
import { compilePayload } from '../../shared/sdk/compile/compile-payload';
import { APP_ERROR_CODES, AppError } from '../errors/app-error';

/**
 * The payload dialect's own checks (what the simulator's validating step checks): `off` leaves
 * them to the service (the app: the editor ran them before Submit); `block` runs them and a
 * certain error stops the submission; `report` runs them for the person to read and sends
 * anyway (`qjob submit --no-check`, for a service that accepts more than the simulator). A
 * payload the dialect refuses cannot be compiled: with `off` and `report` it is sent as written.
 */
export type DialectChecks = 'off' | 'block' | 'report';

export interface PrepareOptions {
  /** What the text is, as the refusal names it: a file, "job 12's payload". */
  label?: string;
  dialect?: DialectChecks;
}

/**
 * What is sent: `sdk`, the payload compiled to the SDK's serialization for the variant (what the
 * service reads); `as-written`, the document's own YAML, when the dialect's errors were let
 * through by `off`/`report` (it cannot be compiled): a problem of the list says why.
 */
export type WireForm = 'sdk' | 'as-written';

/** A payload document prepared for submitting. */
export interface PreparedPayload<V extends VariantId = VariantId> {
  /** The ExecutePayload as it is sent (see `form`); null when refused. */
  payload: ExecutePayload<V> | null;
  form: WireForm | null;
  /** Everything found, errors and warnings (a code-bearing tag), in document order. */
  problems: YamlProblem[];
  /** Why there is no payload, one sentence without its full stop; null when there is one. */
  invalid: string | null;
  /** `invalid`, said as a refusal: "…; nothing was submitted." */
  refusal: string | null;
  /** True when only the dialect's checks stopped it (`block`): a service may accept more. */
  dialectOnly: boolean;
}

/** The dialect's problems carry codes of their own (`dialect`, `dialect.qubit_range`, …). */
const isDialectProblem = (p: YamlProblem) => p.code === 'dialect' || p.code.startsWith('dialect.');

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The prepare step of every submission, the app's and qjob's alike: the payload document as the
 * person wrote it (friendly dialect, SDK form, or both mixed) → checked by the dialect's readers
 * (every problem with its line) → compiled to the SDK's serialization of the variant
 * (shared/sdk/compile, the one converter) → the ExecutePayload that is sent; or one wording of a
 * refusal. Errors stop the submission; warnings were shown and do not block.
 */
export function preparePayload<V extends VariantId>(
  variant: V,
  text: string,
  options: PrepareOptions = {},
): PreparedPayload<V> {
  const dialect = options.dialect ?? 'off';
  const compiled = compilePayload(variant, text);
  const { problems } = compiled;
  const sent = (payload: ExecutePayload<V>, form: WireForm): PreparedPayload<V> => ({
    payload,
    form,
    problems,
    invalid: null,
    refusal: null,
    dialectOnly: false,
  });
  if (compiled.payload) return sent(compiled.payload, 'sdk');
  const errors = problems.filter((p) => p.severity === 'error');
  const dialectOnly = errors.length > 0 && errors.every(isDialectProblem);
  if (dialectOnly && dialect !== 'block') {
    // The dialect's errors are the service's to judge (`off`) or the person's to read (`report`).
    const asWritten = documentToExecutePayload(variant, text).payload;
    if (asWritten) return sent(asWritten, 'as-written');
  }
  const label = options.label ?? 'The payload';
  // Compile stops on errors; should a warning ever stop it, that warning is what is named.
  const stopping = errors.length > 0 ? errors : problems;
  const first = stopping[0];
  const what = errors.length > 0 ? 'error' : 'problem';
  const at = first ? `; first at line ${first.line}, column ${first.column}: ${first.message}` : '';
  const invalid = dialectOnly
    ? `${label} has ${plural(errors.length, 'error')} the payload dialect is certain of, so the simulator refuses it (${at.slice(2)})`
    : `${label} is not a valid Variant ${variant} payload (${plural(stopping.length, what)}${at})`;
  return {
    payload: null,
    form: null,
    problems,
    invalid,
    refusal: `${invalid}; nothing was submitted.`,
    dialectOnly,
  };
}

/**
 * The checked payload of `text`, or an `invalid-payload` AppError with the refusal and the
 * errors by line (at most 50): the prepare step where a refusal is an error to report (the
 * app's handlers, a batch member, the dry run).
 */
export function requirePayload<V extends VariantId>(variant: V, text: string): ExecutePayload<V> {
  const prepared = preparePayload(variant, text);
  if (prepared.payload) return prepared.payload;
  throw new AppError(APP_ERROR_CODES.invalidPayload, prepared.refusal ?? '', {
    issues: prepared.problems
      .filter((p) => p.severity === 'error')
      .slice(0, 50)
      .map((p) => ({
        path: p.path ?? '',
        message: `line ${p.line}, column ${p.column}: ${p.message}`,
      })),
  });
}
