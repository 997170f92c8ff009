import type { VariantId } from '../variants/declaration';
import { executeKind } from '../variants/declaration';
import type { ExecutePayload } from '../variants/payload';
import { DialectError } from './dialect-error';
import type { JobParts } from './job-model';
import { readJobParts } from './job-model';
import { NodeRef } from './node-reader';
import { ReadSession } from './read-session';
import { parseYamlSource } from './yaml-source';

/** What `readPayloadParts` made of an ExecutePayload, with the problems met on the way. */
export interface PayloadParts {
  parts: JobParts;
  /** Errors and warnings, each with its path in the payload. */
  problems: DialectError[];
}

/** The YAML strings of one payload field (`sampling_payload`), or none. */
export function innerPayload(payload: ExecutePayload, field: string): Record<string, string> {
  const value = (payload as Record<string, unknown>)[field];
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}

/**
 * The model of an ExecutePayload's functional object and readout (YAML strings, in the friendly
 * or the SDK's form), read with every problem collected: what opening a service payload and
 * naming a result's rows start from. Throws RangeError for a type the variant does not declare.
 */
export function readPayloadParts(variant: VariantId, payload: ExecutePayload): PayloadParts {
  const kind = executeKind(variant, payload.type);
  if (!kind) throw new RangeError(`not an execute type of Variant ${variant}: ${payload.type}`);
  const inner = innerPayload(payload, kind.payloadField);
  const session = new ReadSession('collect');
  const at = (text: string, field: string, what: string) =>
    NodeRef.root(parseYamlSource(text, `${kind.payloadField}.${field}`, what), session);
  const functionalText = inner[kind.functionalField] ?? '';
  const readoutText = kind.readout ? inner.readout : undefined;
  let parts: JobParts | undefined;
  try {
    parts = session.attempt(() =>
      readJobParts(
        variant,
        payload.type,
        at(functionalText, kind.functionalField, 'functional object'),
        readoutText !== undefined ? at(readoutText, 'readout', 'readout') : null,
      ),
    );
  } catch (error) {
    if (!(error instanceof DialectError)) throw error;
    session.problems.push(error);
  }
  return {
    parts: parts ?? { functional: undefined, readouts: undefined, ctx: undefined as never },
    problems: session.problems.filter((p) => p.severity === 'error' || p.severity === 'warning'),
  };
}
