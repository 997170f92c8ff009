import type { ExecutePayload } from '../../shared/variants/payload';
import type { VariantId } from '../../shared/variants/declaration';
import type { YamlProblem } from '../../shared/yaml';
import { documentToExecutePayload } from '../../shared/yaml';
import { APP_ERROR_CODES, AppError } from '../errors/app-error';

/**
 * The payload dialect's own checks (what the simulator's validating step checks): `off` leaves
 * them to the service (the app: the editor ran them before Submit); `block` runs them and a
 * certain error stops the submission; `report` runs them for the person to read and sends
 * anyway (`qjob submit --no-check`, for a service that accepts more than the simulator).
 */
export type DialectChecks = 'off' | 'block' | 'report';

export interface PrepareOptions {
  /** What the text is, as the refusal names it: a file, "job 12's payload". */
  label?: string;
  dialect?: DialectChecks;
}

/** A payload document prepared for submitting. */
export interface PreparedPayload<V extends VariantId = VariantId> {
  /** The checked ExecutePayload model, ready for the service; null when refused. */
  payload: ExecutePayload<V> | null;
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
 * person wrote it → the ExecutePayload model the service takes (the same converter the editor
 * validates with), every problem with its line, and one wording of a refusal. Errors stop the
 * submission; warnings were shown and do not block. Each submission parses its text once (only
 * `report` parses again, when the dialect's errors alone withheld the payload).
 */
export function preparePayload<V extends VariantId>(
  variant: V,
  text: string,
  options: PrepareOptions = {},
): PreparedPayload<V> {
  const dialect = options.dialect ?? 'off';
  const { payload, problems } = documentToExecutePayload(
    variant,
    text,
    {},
    { dialect: dialect !== 'off' },
  );
  const errors = problems.filter((p) => p.severity === 'error');
  const dialectOnly = !payload && errors.length > 0 && errors.every(isDialectProblem);
  if (payload || (dialect === 'report' && dialectOnly)) {
    // `report`: the dialect's errors are the person's to read, not a reason to withhold it.
    const model = payload ?? documentToExecutePayload(variant, text).payload;
    if (model)
      return { payload: model, problems, invalid: null, refusal: null, dialectOnly: false };
  }
  const label = options.label ?? 'The payload';
  const first = errors[0];
  const at = first ? `; first at line ${first.line}, column ${first.column}: ${first.message}` : '';
  const invalid = dialectOnly
    ? `${label} has ${plural(errors.length, 'error')} the payload dialect is certain of, so the simulator refuses it (${at.slice(2)})`
    : `${label} is not a valid Variant ${variant} payload (${plural(errors.length, 'error')}${at})`;
  return {
    payload: null,
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
