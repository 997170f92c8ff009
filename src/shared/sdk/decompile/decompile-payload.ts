import type { SdkNode } from '../node';
import { readSdkYaml, sameSdkTree } from '../yaml';
import type { VariantId } from '../../variants/declaration';
import { executeKind } from '../../variants/declaration';
import type { ExecutePayload } from '../../variants/payload';
import { innerPayload, readPayloadParts } from '../../dialect/payload-parts';
import { compilePayload } from '../compile/compile-payload';
import { functionalLines, NotPrintable, readoutLines } from '../friendly-print/functional';
import type { PrintedField } from '../friendly-print/payload';
import { payloadDocument } from '../friendly-print/payload';
import type { Circuit } from '../../dialect/circuit-model';
import type { Functional } from '../../dialect/job-model';

/** A part that stays in the SDK's form, and why (named for people). */
export interface KeptPart {
  /** Where, in the payload: `digital_propagation_payload.digital_propagation.circuit`. */
  path: string;
  reason: string;
}

export interface DecompileResult {
  /** The payload document in the friendly form, parts kept in the SDK's form inline. */
  text: string;
  /** Every part kept in the SDK's form: nothing is dropped, what stays is named. */
  kept: KeptPart[];
}

/** The circuit islands of a model (parts the model kept as SDK text). */
function islandsOf(f: Functional): KeptPart[] {
  const circuits: Circuit[] = [];
  if (f.kind === 'sampling' || f.kind === 'digital') circuits.push(f.circuit);
  if (f.kind === 'variational' && (f.inner.kind === 'sampling' || f.inner.kind === 'digital'))
    circuits.push(f.inner.circuit);
  const kept = circuits
    .filter((c) => c.island)
    .map((c) => ({ path: c.ref.path, reason: c.island!.reason }));
  if (f.kind === 'variational' && f.costFunction)
    kept.push({ path: f.costFunction.ref.path, reason: f.costFunction.island.reason });
  return kept;
}

/**
 * A payload in the SDK's form (a job fetched from the service, a file saved from a notebook) →
 * the friendly form where it can be, verified: the friendly text, read again and compiled, must
 * give the same SDK objects as the original (`sameSdkTree`, anchors resolved). A part that
 * cannot be read, printed or verified stays in the SDK's form, named with why.
 */
export function decompilePayload(variant: VariantId, payload: ExecutePayload): DecompileResult {
  const kind = executeKind(variant, payload.type);
  if (!kind) throw new RangeError(`not an execute type of Variant ${variant}: ${payload.type}`);
  const inner = innerPayload(payload, kind.payloadField);
  const functionalText = inner[kind.functionalField] ?? '';
  const readoutText = kind.readout ? inner.readout : undefined;
  const asIs = (): DecompileResult['text'] =>
    payloadDocument(
      kind,
      { sdk: functionalText },
      readoutText !== undefined ? { sdk: readoutText } : null,
    );
  const { parts, problems } = readPayloadParts(variant, payload);
  const functionalPath = `${kind.payloadField}.${kind.functionalField}`;
  if (problems.length > 0 || !parts.functional) {
    const first = problems[0];
    return {
      text: asIs(),
      kept: [
        {
          path: first?.path ?? functionalPath,
          reason: first ? first.message : 'it does not read as the SDK form of this execute type',
        },
      ],
    };
  }
  let functional: PrintedField;
  let readout: PrintedField | null = null;
  try {
    functional = { friendly: functionalLines(parts.functional, parts.ctx.params, '  ', variant) };
    if (kind.readout && parts.readouts) readout = { friendly: readoutLines(parts.readouts, '  ') };
  } catch (error) {
    if (!(error instanceof NotPrintable)) throw error;
    return { text: asIs(), kept: [{ path: functionalPath, reason: error.what }] };
  }
  const text = payloadDocument(kind, functional, readout);
  const difference = verify(variant, text, kind, functionalText, readoutText);
  if (difference) return { text: asIs(), kept: [difference] };
  return { text, kept: islandsOf(parts.functional) };
}

/**
 * The check: the friendly text compiled again equals the original SDK objects, field by field;
 * else the first difference, named.
 */
function verify(
  variant: VariantId,
  friendly: string,
  kind: NonNullable<ReturnType<typeof executeKind>>,
  functionalText: string,
  readoutText: string | undefined,
): KeptPart | null {
  const compiled = compilePayload(variant, friendly);
  const payloadPath = kind.payloadField;
  if (!compiled.payload) {
    const first = compiled.problems.find((p) => p.severity === 'error');
    return {
      path: first?.path ?? payloadPath,
      reason: `its friendly form does not compile back: ${first?.message ?? 'unknown'}`,
    };
  }
  const inner = innerPayload(compiled.payload, payloadPath);
  const fields: Array<[string, string | undefined]> = [[kind.functionalField, functionalText]];
  if (readoutText !== undefined) fields.push(['readout', readoutText]);
  for (const [field, original] of fields) {
    const a = nodeOf(original ?? '');
    const b = nodeOf(inner[field] ?? '');
    if (!a || !b)
      return { path: `${payloadPath}.${field}`, reason: 'it does not read as SDK YAML' };
    const difference = sameSdkTree(a, b);
    if (difference !== null)
      return {
        path: `${payloadPath}.${field}`,
        reason: `its friendly form would not give back the same SDK objects: first difference at ${difference}`,
      };
  }
  return null;
}

function nodeOf(text: string): SdkNode | null {
  return readSdkYaml(text).node;
}
