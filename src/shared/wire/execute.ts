import { z } from 'zod';
import type { JobType, VariantId } from '../variants/declaration';
import { executeKind, VARIANTS } from '../variants/declaration';
import type { PathIssue } from '../variants/issues';
import { pathIssues } from '../variants/issues';
import type { ExecutePayload } from '../variants/payload';
import { executePayloadSchema, jobTypeSchema } from '../variants/payload';
import { isPlainObject } from '../json/plain-object';
import { sdkReservoirTypeFix } from './sdk-reservoir-type';
import { jsonLimitMessage, jsonLimitPassed } from '../json/shape';
import { JSON_BODY_LIMITS } from '../yaml/limits';
import { WireDecodeError } from './errors';

/*
 * The body of `POST {base}/execute` (docs/wire-format.md, "Execute"): the ExecutePayload travels as
 * a JSON string inside an envelope that also names the device and the scheduler's job type.
 */

export interface ExecuteEnvelope {
  device_code: string;
  /** The ExecutePayload (spec §2.6) serialised as a JSON string. */
  payload: string;
  job_type: JobType;
  meta: Record<string, unknown>;
  name?: string | undefined;
}

const envelopeCache = new Map<VariantId, z.ZodType<ExecuteEnvelope>>();

/** A request schema, so strict: unknown keys are rejected. `meta` defaults to `{}`. */
export function executeEnvelopeSchema(variant: VariantId): z.ZodType<ExecuteEnvelope> {
  let hit = envelopeCache.get(variant);
  if (!hit) {
    hit = z.strictObject({
      device_code: z.string().min(1),
      payload: z.string().min(1),
      job_type: jobTypeSchema(variant),
      meta: z.record(z.string(), z.unknown()).default({}),
      name: z.string().optional(),
    }) as unknown as z.ZodType<ExecuteEnvelope>;
    envelopeCache.set(variant, hit);
  }
  return hit;
}

export interface BuildExecuteEnvelopeInput<V extends VariantId = VariantId> {
  variant: V;
  payload: ExecutePayload<V>;
  deviceCode: string;
  name?: string | undefined;
  meta?: Record<string, unknown> | undefined;
}

/**
 * The ExecutePayload as the SDK's client serializes it (pydantic's `model_dump_json`): `type`, then
 * every payload field of the variant in its declared order, null where unused, each inner payload
 * with its functional object first and its readout after. The service's own client sends exactly
 * these bytes (the SDK corpus' requests), so ours do too.
 */
export function executePayloadJson(variant: VariantId, payload: ExecutePayload): string {
  const fields = payload as unknown as Record<string, unknown>;
  const ordered: Record<string, unknown> = { type: payload.type };
  for (const kind of VARIANTS[variant].executeKinds) {
    const inner = fields[kind.payloadField];
    if (inner === undefined || inner === null) {
      ordered[kind.payloadField] = null;
      continue;
    }
    const innerFields = inner as Record<string, unknown>;
    const first = [kind.functionalField, 'readout'].filter((k) => Object.hasOwn(innerFields, k));
    const rest = Object.keys(innerFields).filter((k) => !first.includes(k));
    ordered[kind.payloadField] = Object.fromEntries(
      [...first, ...rest].map((k) => [k, innerFields[k]]),
    );
  }
  return JSON.stringify(ordered);
}

/**
 * The execute body for a payload. `job_type` follows from the payload's execute type (the
 * variant's declaration). Throws `WireDecodeError` (`schema_mismatch`, field `payload...`) when
 * the payload breaks the model: nothing invalid is ever sent.
 */
export function buildExecuteEnvelope<V extends VariantId>(
  input: BuildExecuteEnvelopeInput<V>,
): ExecuteEnvelope {
  const { variant, payload } = input;
  const parsed = executePayloadSchema(variant).safeParse(payload);
  if (!parsed.success) throw WireDecodeError.fromZod('payload', payload, parsed.error);
  const kind = executeKind(variant, payload.type);
  if (!kind)
    throw new WireDecodeError(
      'schema_mismatch',
      'payload.type',
      payload.type,
      'unknown execute type',
    );
  const envelope: ExecuteEnvelope = {
    device_code: input.deviceCode,
    payload: executePayloadJson(variant, parsed.data),
    job_type: kind.jobType as JobType,
    meta: input.meta ?? {},
  };
  if (input.name !== undefined) envelope.name = input.name;
  return envelope;
}

export type ExecuteEnvelopeDecode<V extends VariantId = VariantId> =
  | { ok: true; envelope: ExecuteEnvelope; payload: ExecutePayload<V>; notes: string[] }
  | { ok: false; issues: PathIssue[] };

export type BareExecutePayloadDecode<V extends VariantId = VariantId> =
  { ok: true; payload: ExecutePayload<V>; notes: string[] } | { ok: false; issues: PathIssue[] };

function notAnObject(body: unknown): PathIssue[] {
  const kind = body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body;
  return [{ path: '', message: `expected a JSON object, got ${kind}` }];
}

/** The payload checked strictly; an SDK client's known quirk is read as meant, with a note. */
function validatePayload<V extends VariantId>(variant: V, written: unknown, prefix: string) {
  const { value, note } = sdkReservoirTypeFix(variant, written);
  const parsed = executePayloadSchema(variant).safeParse(value);
  return parsed.success
    ? { ok: true as const, payload: parsed.data, notes: note ? [note] : [] }
    : { ok: false as const, issues: pathIssues(parsed.error.issues, prefix) };
}

/**
 * What the simulator does with an execute body: the envelope checked strictly, its payload
 * JSON-parsed (within `JSON_BODY_LIMITS`) and checked strictly with the exactly-one rule. Issue paths name the offending
 * field (`device_code`, `payload.type`, `payload.sampling_payload`,
 * `payload.digital_propagation_payload.readout`), ready for a 4xx answer.
 */
export function decodeExecuteEnvelope<V extends VariantId>(
  variant: V,
  body: unknown,
): ExecuteEnvelopeDecode<V> {
  if (!isPlainObject(body)) return { ok: false, issues: notAnObject(body) };
  const envelope = executeEnvelopeSchema(variant).safeParse(body);
  const issues = envelope.success ? [] : pathIssues(envelope.error.issues);
  let payload: ExecutePayload<V> | undefined;
  let notes: string[] = [];
  if (typeof body.payload === 'string' && body.payload !== '') {
    let value: unknown;
    // Checked before it is parsed: a 16 MB string of `{},` would be 5 million objects.
    const passed = jsonLimitPassed(body.payload, JSON_BODY_LIMITS);
    try {
      if (passed)
        issues.push({ path: 'payload', message: `not read: it ${jsonLimitMessage(passed)}` });
      else value = JSON.parse(body.payload);
    } catch (cause) {
      const why = cause instanceof Error ? cause.message : String(cause);
      issues.push({ path: 'payload', message: `not valid JSON (${why})` });
    }
    if (value !== undefined) {
      const checked = validatePayload(variant, value, 'payload');
      if (checked.ok) ({ payload, notes } = checked);
      else for (const issue of checked.issues) issues.push(issue);
    }
  }
  if (issues.length || !envelope.success || !payload) return { ok: false, issues };
  return { ok: true, envelope: envelope.data, payload, notes };
}

/** A body that is the ExecutePayload itself (spec §4 read literally); paths have no prefix. */
export function decodeBareExecutePayload<V extends VariantId>(
  variant: V,
  body: unknown,
): BareExecutePayloadDecode<V> {
  if (!isPlainObject(body)) return { ok: false, issues: notAnObject(body) };
  return validatePayload(variant, body, '');
}
