import type { Document, LineCounter, Node } from 'yaml';
import { readDocumentModel } from '../dialect/check-document';
import type { DocumentModel } from '../dialect/check-document';
import { isAlias, isMap, isScalar, isSeq, visit } from 'yaml';
import type { VariantId } from '../variants/declaration';
import { executeKind } from '../variants/declaration';
import type { SegmentIssue } from '../variants/issues';
import { formatIssuePath, segmentIssues } from '../variants/issues';
import type { ExecutePayload, InnerPayload } from '../variants/payload';
import { executePayloadSchema } from '../variants/payload';
import { codeBearingTag, findCodeBearingTags } from './code-tags';
import { sameData } from './equivalence';
import { needsRereading } from './stands-alone';
import { locatePath, nodeRange } from './locate';
import { aliasTarget, resolveNode } from './origins';
import type { ParsedPayloadText, PayloadParseLimits } from './parse';
import { parsePayloadText } from './parse';
import { keyString } from './paths';
import type { YamlProblem } from './problems';
import { hasErrors, problemAt, sourceRange } from './problems';
import { nodeSourceText } from './source-text';

export interface DocumentPayloadResult<V extends VariantId = VariantId> {
  /** The model form (each functional object and readout as its YAML text); null when any problem is an error. */
  payload: ExecutePayload<V> | null;
  problems: YamlProblem[];
  /**
   * When the dialect's checks ran: what they read, and the document they read it from (the
   * editor's circuit diagram places each gate on its line). Not for the wire: it holds nodes.
   */
  read?: { model: DocumentModel; parsed: ParsedPayloadText };
}

/** The first two levels as plain data for the document-form schema; deeper nodes stay opaque. */
function project(value: unknown, depth: number): unknown {
  const node = resolveNode(value);
  if (!node) return null;
  if (isScalar(node)) return node.value;
  if (depth >= 2) return node;
  if (isMap(node)) {
    const out: Record<string, unknown> = {};
    for (const pair of node.items) {
      // Defined, not assigned: `out['__proto__'] = x` would make x the object's prototype, and the
      // schema would read `type` from it while seeing no unknown key.
      Object.defineProperty(out, keyString(pair.key), {
        value: project(pair.value, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  if (isSeq(node)) return node.items.map((item) => project(item, depth + 1));
  return node;
}

function issueProblem(
  doc: Document,
  lc: LineCounter,
  text: string,
  issue: SegmentIssue,
): YamlProblem {
  const at = locatePath(doc, lc, issue.path, text);
  const onKey = issue.code === 'unrecognized_keys' || issue.code === 'custom' || !isScalar(at.node);
  const range = at.exact && onKey && at.keyRange ? at.keyRange : at.range;
  return problemAt(
    range,
    'error',
    `schema.${issue.code}`,
    issue.message,
    formatIssuePath(issue.path),
  );
}

function mapValue(map: Node | null, key: string): Node | null {
  if (!isMap(map)) return null;
  const pair = map.items.find((p) => keyString(p.key) === key);
  return pair ? (pair.value as Node | null) : null;
}

/**
 * The text of one functional node, proven to stand on its own: every alias inside it must point
 * inside it, and the text must mean what the node means in the document. That is proven on the
 * document's one tree (`stands-alone.ts`); only a text that depends on directives or on an
 * explicit block-scalar indentation is read again and compared.
 */
function extract(
  text: string,
  written: Node,
  path: string,
  ctx: {
    doc: Document;
    lc: LineCounter;
    limits: PayloadParseLimits;
    problems: YamlProblem[];
    hasAliases: boolean;
  },
): string | null {
  const node = resolveNode(written);
  if (!node) return null;
  if (ctx.hasAliases && hasExternalAlias(text, node, path, ctx)) return null;
  const source = nodeSourceText(text, written);
  const why = needsRereading(ctx.doc, source) ? rereadingProblem(node, source, ctx.limits) : null;
  if (!why) return source;
  const range = nodeRange(isAlias(written) ? written : node, ctx.lc, text);
  ctx.problems.push(
    problemAt(range, 'error', 'extract_failed', `${path} cannot be sent as written: ${why}`, path),
  );
  return null;
}

function hasExternalAlias(
  text: string,
  node: Node,
  path: string,
  ctx: { lc: LineCounter; problems: YamlProblem[] },
): boolean {
  const [start = 0, end = start] = node.range ?? [];
  let external = false;
  visit(node, {
    Alias(_key, alias) {
      const target = aliasTarget(alias);
      const [t0 = -1, t1 = -1] = target?.range ?? [];
      if (t0 >= start && t1 <= end) return;
      external = true;
      ctx.problems.push(
        problemAt(
          nodeRange(alias, ctx.lc, text),
          'error',
          'external_alias',
          `alias *${alias.source} refers to an anchor outside ${path}; each functional object is sent on its own, so define the anchor inside it`,
          path,
        ),
      );
    },
  });
  return external;
}

/** Reads the extracted text alone and compares: why it fails, or null when it holds. */
function rereadingProblem(node: Node, source: string, limits: PayloadParseLimits): string | null {
  const alone = parsePayloadText(source, limits);
  const failure = alone.problems.find((p) => p.severity === 'error');
  if (failure) return `its text does not parse on its own (${failure.message})`;
  return sameData(node, alone.doc.contents)
    ? null
    : 'its text, taken on its own, would mean something else (a directive, or an explicit block-scalar indentation?)';
}

export interface DocumentChecks {
  /**
   * Also run the payload dialect's checks on the functional object and readout (qubit indices,
   * shots, gates, schedules, observables: what the simulator's validating step checks). For the
   * editor and `qjob validate`; submitting leaves the functional objects to the service.
   */
  dialect?: boolean;
}

/**
 * A payload document (what the editor holds) → the ExecutePayload model: each functional object
 * and readout becomes its own YAML text exactly as written (`nodeSourceText`). Problems are YAML
 * errors, violations of the document-form schema (the exactly-one rule sits on the offending
 * payload fields), code-bearing tags (warnings) and, when asked, the dialect's own checks. The
 * text itself is only read, never changed.
 */
export function documentToExecutePayload<V extends VariantId>(
  variant: V,
  text: string,
  limits: PayloadParseLimits = {},
  checks: DocumentChecks = {},
): DocumentPayloadResult<V> {
  const parsed = parsePayloadText(text, limits);
  const parses = !hasErrors(parsed.problems);
  const result = convert(variant, text, parsed, limits);
  if (!checks.dialect || !parses) return result;
  const model = readDocumentModel(variant, parsed.doc, parsed.lineCounter, text);
  const dialect = model?.problems ?? [];
  return {
    payload: hasErrors(dialect) ? null : result.payload,
    problems: [...result.problems, ...dialect],
    ...(model ? { read: { model, parsed } } : {}),
  };
}

function convert<V extends VariantId>(
  variant: V,
  text: string,
  { doc, lineCounter: lc, problems, hasAliases, tagNames }: ParsedPayloadText,
  limits: PayloadParseLimits,
): DocumentPayloadResult<V> {
  const codeTags = [...tagNames].some((tag) => codeBearingTag(tag) !== null);
  for (const found of codeTags ? findCodeBearingTags(doc, lc) : []) {
    problems.push({
      severity: 'warning',
      code: 'code_bearing_tag',
      message: `${found.tag} holds code that the service's deserialiser would run; the app never runs it, but only send it if you trust it`,
      path: found.path,
      line: found.line,
      column: found.column,
      endLine: found.endLine,
      endColumn: found.endColumn,
    });
  }
  if (hasErrors(problems)) return { payload: null, problems };

  const root = resolveNode(doc.contents);
  if (!isMap(root)) {
    const range = root ? nodeRange(root, lc, text) : sourceRange(lc, 0, Math.min(1, text.length));
    const empty = root === null || (isScalar(root) && root.value === null && !root.tag);
    const message = empty
      ? 'the payload is empty: write `type` and the one payload field that matches it, or start from a template'
      : 'the payload document must be a mapping: `type` and the one payload field that matches it';
    problems.push(problemAt(range, 'error', 'not_a_mapping', message));
    return { payload: null, problems };
  }

  const checked = executePayloadSchema(variant, { form: 'document' }).safeParse(project(root, 0));
  if (!checked.success) {
    for (const issue of segmentIssues(checked.error.issues))
      problems.push(issueProblem(doc, lc, text, issue));
    return { payload: null, problems };
  }

  const kind = executeKind(variant, String(project(mapValue(root, 'type'), 1)));
  const inner = resolveNode(kind ? mapValue(root, kind.payloadField) : null);
  if (!kind || !isMap(inner)) return { payload: null, problems }; // unreachable: the schema checked both
  const ctx = { doc, lc, limits, problems, hasAliases };
  const innerModel: InnerPayload = {};
  for (const field of kind.readout ? [kind.functionalField, 'readout'] : [kind.functionalField]) {
    const written = mapValue(inner, field);
    const source = written ? extract(text, written, `${kind.payloadField}.${field}`, ctx) : null;
    if (source !== null) innerModel[field] = source;
  }
  if (hasErrors(problems)) return { payload: null, problems };

  const model = { type: kind.executeType, [kind.payloadField]: innerModel };
  const final = executePayloadSchema(variant).safeParse(model);
  if (!final.success) {
    for (const issue of segmentIssues(final.error.issues))
      problems.push(issueProblem(doc, lc, text, issue));
    return { payload: null, problems };
  }
  return { payload: final.data, problems };
}
