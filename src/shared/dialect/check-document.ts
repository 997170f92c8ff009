import type { Document, LineCounter, Node } from 'yaml';
import { isMap, isScalar } from 'yaml';
import { executeKind } from '../variants/declaration';
import type { VariantId } from '../variants/declaration';
import { resolveNode } from '../yaml/origins';
import { keyString } from '../yaml/paths';
import type { YamlProblem } from '../yaml/problems';
import { sourceRange } from '../yaml/problems';
import type { DialectError } from './dialect-error';
import { readJobParts } from './job-model';
import type { JobParts } from './job-model';
import { NodeRef } from './node-reader';
import { ReadSession } from './read-session';
import { documentSource } from './yaml-source';
import type { DialectLimits } from './job-input';

function valueOf(map: Node | null, key: string): Node | null {
  if (!isMap(map)) return null;
  const pair = map.items.find((p) => keyString(p.key) === key);
  return resolveNode(pair?.value);
}

/** A dialect problem as the document's problem (its line and column in the document). */
export function toProblem(e: DialectError, lineCounter: LineCounter): YamlProblem {
  const offset = e.init.offset ?? 0;
  const range = sourceRange(lineCounter, offset, e.init.endOffset ?? offset);
  return {
    severity: e.severity,
    code: e.init.code ?? 'dialect',
    message: e.text,
    path: e.path,
    line: range.line,
    column: range.column,
    endLine: range.endLine,
    endColumn: range.endColumn,
  };
}

/** A payload document's model: its execute type, what its parts read as, and every problem. */
export interface DocumentModel {
  executeType: string;
  payloadField: string;
  functionalField: string;
  parts: JobParts | null;
  problems: YamlProblem[];
}

/**
 * The functional object and readout of a payload document (from `parsePayloadText`), read where
 * they stand, so each problem has the document's own line and column. Null when `type` or the
 * payload field cannot be found: the payload model's own checks say why.
 */
export function readDocumentModel(
  variant: VariantId,
  doc: Document.Parsed,
  lineCounter: LineCounter,
  text: string,
  limits: Partial<DialectLimits> = {},
): DocumentModel | null {
  const root = resolveNode(doc.contents);
  const type = valueOf(root, 'type');
  const kind = isScalar(type) ? executeKind(variant, String(type.value)) : undefined;
  if (!kind) return null;
  const inner = valueOf(root, kind.payloadField);
  const functional = valueOf(inner, kind.functionalField);
  if (!functional) return null;
  const session = new ReadSession('collect');
  const at = (node: Node, field: string, what: string) =>
    NodeRef.root(
      documentSource(text, doc, lineCounter, node, `${kind.payloadField}.${field}`, what),
      session,
    );
  const readout = kind.readout ? valueOf(inner, 'readout') : null;
  const parts =
    session.attempt(() =>
      readJobParts(
        variant,
        kind.executeType,
        at(functional, kind.functionalField, 'functional object'),
        readout ? at(readout, 'readout', 'readout') : null,
        limits,
      ),
    ) ?? null;
  const problems = session.problems
    .map((e) => toProblem(e, lineCounter))
    .sort((a, b) => a.line - b.line || a.column - b.column);
  return {
    executeType: kind.executeType,
    payloadField: kind.payloadField,
    functionalField: kind.functionalField,
    parts,
    problems,
  };
}

/**
 * The payload dialect's checks on a payload document (from `parsePayloadText`): the functional
 * object and the readout of its `type`, read where they stand, so each problem has the
 * document's own line and column. The same readers run in the simulator's validating step.
 * Nothing is reported when `type` or the payload field cannot be found: the payload model's
 * own checks say why.
 */
export function dialectProblems(
  variant: VariantId,
  doc: Document.Parsed,
  lineCounter: LineCounter,
  text: string,
): YamlProblem[] {
  return readDocumentModel(variant, doc, lineCounter, text)?.problems ?? [];
}
