import type { ExecuteKind } from '../../variants/declaration';

/** One field of a printed payload: its friendly lines, or its SDK text kept as it is. */
export type PrintedField = { friendly: string[] } | { sdk: string };

/**
 * A field under its key at `indent`. Friendly lines are relative to the key's column: the first
 * is the value's tag (or, for a list, already an indented item), the rest below it.
 */
function fieldLines(key: string, field: PrintedField, indent: string): string[] {
  if ('friendly' in field) {
    const [first = '', ...rest] = field.friendly;
    // A list prints below its key; a tagged object starts on the key's line.
    return first.trimStart().startsWith('-')
      ? [`${indent}${key}:`, ...field.friendly.map((l) => indent + l)]
      : [`${indent}${key}: ${first}`, ...rest.map((l) => indent + l)];
  }
  const [first = '', ...rest] = field.sdk.trimEnd().split('\n');
  return [`${indent}${key}: ${first}`, ...rest.map((l) => `${indent}  ${l}`)];
}

/**
 * A payload document: `type`, then the payload field with its functional object and readout
 * (each friendly, or its SDK text inline where it stays in the SDK's form).
 */
export function payloadDocument(
  kind: ExecuteKind,
  functional: PrintedField,
  readout: PrintedField | null,
): string {
  const lines = [
    `type: ${kind.executeType}`,
    `${kind.payloadField}:`,
    ...fieldLines(kind.functionalField, functional, '  '),
    ...(readout ? fieldLines('readout', readout, '  ') : []),
  ];
  return `${lines.join('\n')}\n`;
}
