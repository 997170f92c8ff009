import type { Document, LineCounter, Node } from 'yaml';
import { isMap, isScalar } from 'yaml';
import { executeKind } from '../variants/declaration';
import type { VariantId } from '../variants/declaration';
import { resolveNode } from '../yaml/origins';
import { keyString } from '../yaml/paths';
import type { YamlProblem } from '../yaml/problems';
import { sourceRange } from '../yaml/problems';
import type { DialectError } from './dialect-error';
import { checkJobParts } from './job-model';
import { NodeRef } from './node-reader';
import { ReadSession } from './read-session';
import { documentSource } from './yaml-source';

function valueOf(map: Node | null, key: string): Node | null {
  if (!isMap(map)) return null;
  const pair = map.items.find((p) => keyString(p.key) === key);
  return resolveNode(pair?.value);
}

function toProblem(e: DialectError, lineCounter: LineCounter): YamlProblem {
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
  const root = resolveNode(doc.contents);
  const type = valueOf(root, 'type');
  const kind = isScalar(type) ? executeKind(variant, String(type.value)) : undefined;
  if (!kind) return [];
  const inner = valueOf(root, kind.payloadField);
  const functional = valueOf(inner, kind.functionalField);
  if (!functional) return [];
  const session = new ReadSession('collect');
  const at = (node: Node, field: string, what: string) =>
    NodeRef.root(
      documentSource(text, doc, lineCounter, node, `${kind.payloadField}.${field}`, what),
      session,
    );
  const readout = kind.readout ? valueOf(inner, 'readout') : null;
  session.attempt(() =>
    checkJobParts(
      variant,
      kind.executeType,
      at(functional, kind.functionalField, 'functional object'),
      readout ? at(readout, 'readout', 'readout') : null,
    ),
  );
  return session.problems
    .map((e) => toProblem(e, lineCounter))
    .sort((a, b) => a.line - b.line || a.column - b.column);
}
