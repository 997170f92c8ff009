import type { VariantId } from '../variants/declaration';
import { VARIANTS } from '../variants/declaration';
import type { JobDetail } from '../variants/jobs';
import { jobDetailSchema, jobInfoSchema } from '../variants/jobs';
import type { ExecutePayload, ExecuteResult } from '../variants/payload';
import { executePayloadSchema, executeResultSchema, jobTypeSchema } from '../variants/payload';
import { decodeBase64Text, encodeBase64Text, encodeBase64TextSliced } from './base64';
import { sdkReservoirTypeFix } from './sdk-reservoir-type';
import { isPlainObject } from '../json/plain-object';
import { jsonLimitMessage, jsonLimitPassed } from '../json/shape';
import { SERVICE_PART_JSON_LIMITS } from '../yaml/limits';
import { expectObject, WireDecodeError } from './errors';
import { decodeJobDates, encodeJobInfo, validated } from './job-info';

/*
 * JobDetail as it arrives (docs/wire-format.md, "Job lookups"): `payload` a JSON string of the
 * ExecutePayload, `result` base64 of a JSON ExecuteResult, `logs` / `error` / `error_logs` base64
 * of UTF-8 text, dates as HTTP-dates. A field that fails to decode becomes null and a problem (raw
 * value kept) — the rest of the detail is still shown. Only a broken record (not an object, id or
 * created_at missing or invalid, ...) throws.
 */

export const JOB_TEXT_FIELDS = ['logs', 'error', 'error_logs'] as const;
export type JobTextField = (typeof JOB_TEXT_FIELDS)[number];

/** A text part larger than the client keeps: which end of it `detail` holds. */
export interface TruncatedField {
  field: JobTextField;
  /** Bytes (UTF-8) of the whole text as the service sent it. */
  totalBytes: number;
  /** Bytes of it kept in the detail. */
  keptBytes: number;
  kept: 'head' | 'tail';
}

export interface DecodedJobDetail<V extends VariantId = VariantId> {
  detail: JobDetail<V>;
  /** One per field that could not be decoded; that field is null in `detail`. */
  problems: WireDecodeError[];
  /** Text parts kept cut (their start or their end), when any was larger than its limit. */
  truncated?: TruncatedField[];
}

/**
 * Parts of a record the caller already decoded while reading a large body as a stream: the
 * text fields (or the problem that stopped one), and fields left out for their size.
 */
export interface PredecodedParts {
  texts?: Partial<Record<JobTextField, string | WireDecodeError>>;
  /** One problem per field left out; each is null in the detail. */
  dropped?: WireDecodeError[];
}

function parseJson(text: string, field: string, raw: unknown): unknown {
  // Parsed, a value nested 100,000 levels deep would overflow the stack of the schema check,
  // of the local store's write and of every viewer: refused unread, the rest of the job kept.
  const passed = jsonLimitPassed(text, SERVICE_PART_JSON_LIMITS);
  if (passed) {
    throw new WireDecodeError(
      'too_deep',
      field,
      raw,
      `${jsonLimitMessage(passed)}, far deeper than a ${field} does`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new WireDecodeError('invalid_json', field, raw, `not valid JSON (${why})`, { cause });
  }
}

/** `payload`: a JSON string of the ExecutePayload (an object is taken as is). */
export function decodePayloadField<V extends VariantId>(
  variant: V,
  raw: unknown,
): ExecutePayload<V> {
  let value: unknown = raw;
  if (typeof raw === 'string') value = parseJson(raw, 'payload', raw);
  else if (!isPlainObject(raw)) {
    throw new WireDecodeError(
      'schema_mismatch',
      'payload',
      raw,
      'expected a JSON string holding the ExecutePayload',
    );
  }
  // A reservoir sent by qilisdk 0.2.0/0.2.1 (`type: analog_evolution`) is read as the reservoir it is.
  const fixed = sdkReservoirTypeFix(variant, value).value;
  return validated(executePayloadSchema(variant, { strict: false }), fixed, 'payload', raw);
}

/** `result`: base64 of a JSON ExecuteResult (an object is taken as is; JSON null is no result). */
export function decodeResultField<V extends VariantId>(
  variant: V,
  raw: unknown,
): ExecuteResult<V> | null {
  let value: unknown = raw;
  if (typeof raw === 'string') value = parseJson(decodeBase64Text(raw, 'result'), 'result', raw);
  else if (!isPlainObject(raw)) {
    throw new WireDecodeError(
      'schema_mismatch',
      'result',
      raw,
      'expected base64 of a JSON ExecuteResult',
    );
  }
  if (value === null) return null;
  return validated(executeResultSchema(variant), value, 'result', raw);
}

function decodeTextField(raw: unknown, field: string): string {
  if (typeof raw !== 'string') {
    throw new WireDecodeError('schema_mismatch', field, raw, 'expected base64 of UTF-8 text');
  }
  return decodeBase64Text(raw, field);
}

/**
 * Wire → model. Throws `WireDecodeError` only when the record itself is broken; each field that
 * fails to decode is null in `detail` and listed in `problems`.
 */
export function decodeJobDetail<V extends VariantId>(
  variant: V,
  wire: unknown,
  predecoded: PredecodedParts = {},
): DecodedJobDetail<V> {
  const obj = expectObject(wire, '');
  const detail = decodeJobDates(obj, '');
  validated(jobInfoSchema(variant), detail, '', wire);

  const problems: WireDecodeError[] = [...(predecoded.dropped ?? [])];
  for (const dropped of predecoded.dropped ?? []) detail[dropped.field] = null;
  const texts = predecoded.texts ?? {};
  for (const [field, text] of Object.entries(texts)) {
    if (text instanceof WireDecodeError) {
      problems.push(text);
      detail[field] = null;
    } else detail[field] = text;
  }
  const soft = (field: string, decode: (raw: unknown) => unknown) => {
    if (field in texts) return;
    const raw = obj[field];
    if (raw === null || raw === undefined) return;
    try {
      detail[field] = decode(raw);
    } catch (error) {
      if (!(error instanceof WireDecodeError)) throw error;
      problems.push(error);
      detail[field] = null;
    }
  };
  soft('payload', (raw) => decodePayloadField(variant, raw));
  soft('result', (raw) => decodeResultField(variant, raw));
  for (const field of JOB_TEXT_FIELDS) soft(field, (raw) => decodeTextField(raw, field));
  if (VARIANTS[variant].jobDetailJobType) {
    soft('jobType', (raw) => validated(jobTypeSchema(variant), raw, 'jobType', raw));
  }
  return { detail: validated(jobDetailSchema(variant), detail, '', wire), problems };
}

/** The detail's fields that travel as base64, with the text each one encodes. */
function base64Fields(detail: JobDetail): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  if (detail.result != null) fields.push(['result', JSON.stringify(detail.result)]);
  for (const field of JOB_TEXT_FIELDS) {
    const text = detail[field];
    if (text != null) fields.push([field, text]);
  }
  return fields;
}

/** The wire record of `detail` around its base64 fields, already encoded. */
function assembleJobDetail<V extends VariantId>(
  variant: V,
  detail: JobDetail<V>,
  encoded: Array<[string, string]>,
): Record<string, unknown> {
  const out = encodeJobInfo(variant, detail);
  if (detail.payload != null) out.payload = JSON.stringify(detail.payload);
  for (const [field, b64] of encoded) out[field] = b64;
  // `jobType` exists in Variant B only (spec §2.10).
  if (!VARIANTS[variant].jobDetailJobType) delete out.jobType;
  return out;
}

/** Model → wire: the inverse of `decodeJobDetail`. */
export function encodeJobDetail<V extends VariantId>(
  variant: V,
  detail: JobDetail<V>,
): Record<string, unknown> {
  const encoded = base64Fields(detail).map(([f, text]): [string, string] => [
    f,
    encodeBase64Text(text),
  ]);
  return assembleJobDetail(variant, detail, encoded);
}

/**
 * `encodeJobDetail` as the simulator serves it: results and logs of tens of megabytes are
 * encoded in slices with `pause` between them (`encodeBase64TextSliced`), so one large answer
 * does not hold the server's thread.
 */
export async function encodeJobDetailSliced<V extends VariantId>(
  variant: V,
  detail: JobDetail<V>,
  pause: () => Promise<void>,
): Promise<Record<string, unknown>> {
  const encoded: Array<[string, string]> = [];
  for (const [f, text] of base64Fields(detail))
    encoded.push([f, await encodeBase64TextSliced(text, pause)]);
  return assembleJobDetail(variant, detail, encoded);
}
