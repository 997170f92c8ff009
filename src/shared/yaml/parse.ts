import type { Document } from 'yaml';
import { Composer, LineCounter } from 'yaml';
import { checkAliases } from './alias-limit';
import type { LimitPassed } from './bounded-cst';
import { countLines, limitPassedMessage, readBoundedCst } from './bounded-cst';
import { scanCst } from './cst-scan';
import type { DocumentLimits } from './limits';
import { MAX_YAML_PROBLEMS, PAYLOAD_LIMITS } from './limits';
import { propsOf, recordOrigins } from './origins';
import type { PlainComposed } from './plain-compose';
import { composePlain } from './plain-compose';
import type { YamlProblem } from './problems';
import { problemAt, sourceRange } from './problems';
import { capComposerProblems } from './problem-cap';
import { passthroughTags, resolveTagSource } from './tags';
import { MULTIPLE_DOCUMENTS_MESSAGE, plainYamlMessage } from './yaml-messages';

/** Limits of one parse; each one not given is the payload's (`PAYLOAD_LIMITS`, limits.ts). */
export type PayloadParseLimits = Partial<DocumentLimits>;

export const DEFAULT_PARSE_LIMITS: Readonly<DocumentLimits> = PAYLOAD_LIMITS;

export interface ParsedPayloadText {
  doc: Document.Parsed;
  lineCounter: LineCounter;
  problems: YamlProblem[];
  /** Whether the document holds any alias (`*x`); false lets readers skip looking for them. */
  hasAliases: boolean;
  /** Every tag the document uses, resolved (`!Circuit`, `tag:yaml.org,2002:python/name:x`). */
  tagNames: ReadonlySet<string>;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function payloadComposer(tagNames: Iterable<string>): Composer {
  return new Composer({
    customTags: passthroughTags(tagNames),
    keepSourceTokens: true,
    // Pretty errors build code frames with regular expressions over the lines; on pathological
    // input that has exhausted V8's memory. Positions come from the line counter instead.
    prettyErrors: false,
    uniqueKeys: true,
  });
}

/** What `readPlainDocument` read: the document and its tags, or where it passed a limit. */
export type PlainDocument =
  | { doc: Document.Parsed; tagNames: ReadonlySet<string>; passed: null }
  | { doc: null; tagNames: null; passed: LimitPassed };

/**
 * The text read by `composePlain` into the document `yaml` would compose (its lines counted
 * into `lineCounter`) with every tag it uses, or where it passed the node limit; null when the
 * text is not in the plain subset (nesting past `maxDepth` included: the `yaml` package's
 * reader then refuses it at the place, as `parseDocumentWithin`).
 */
export function readPlainDocument(
  text: string,
  lineCounter: LineCounter,
  limits: Pick<DocumentLimits, 'maxDepth' | 'maxNodes'> = DEFAULT_PARSE_LIMITS,
): PlainDocument | null {
  const plain = composePlain(text, limits);
  if (!plain) return null;
  if ('passed' in plain) {
    countLines(text, plain.passed.offset, lineCounter.addNewLine);
    return { doc: null, tagNames: null, passed: plain.passed };
  }
  return { doc: plainDocument(text, plain, lineCounter), tagNames: plain.tags, passed: null };
}

/** The document `yaml` would compose, around a root read by `composePlain`. */
function plainDocument(
  text: string,
  plain: PlainComposed,
  lineCounter: LineCounter,
): Document.Parsed {
  const [doc] = Array.from(payloadComposer(plain.tags).compose([], true, text.length));
  if (!doc) throw new Error('yaml: an empty stream composed no document');
  doc.contents = plain.root as Document.Parsed['contents'];
  const [start = 0, , end = text.length] = plain.root.range ?? [];
  // The document starts where its root does, the root's tag included.
  doc.range = [propsOf(plain.root)?.start ?? start, end, text.length];
  for (const start of plain.lineStarts) lineCounter.addNewLine(start);
  return doc;
}

function emptyDocument(): Document.Parsed {
  const [doc] = Array.from(new Composer().compose([], true, 0));
  if (!doc) throw new Error('yaml: an empty stream composed no document');
  return doc;
}

/** The answer for a document read up to a limit it passed: one problem there, no document. */
function refused(lineCounter: LineCounter, passed: LimitPassed): ParsedPayloadText {
  const { offset } = passed;
  const code = passed.limit === 'depth' ? 'depth_limit' : 'node_limit';
  const problem = problemAt(
    sourceRange(lineCounter, offset, offset + 1),
    'error',
    code,
    limitPassedMessage(passed),
  );
  return {
    doc: emptyDocument(),
    lineCounter,
    problems: [problem],
    hasAliases: false,
    tagNames: new Set(),
  };
}

/**
 * Parses a payload document with every tag kept as data (see `tags.ts`), never resolved or
 * executed. Errors and warnings come back as problems with 1-based positions. Limits
 * (limits.ts) guard against an oversized text, absurd nesting and millions of nodes (both checked
 * while the text is read, before anything is built from it: `readBoundedCst`, `composePlain`),
 * floods of syntax errors (counted past MAX_YAML_PROBLEMS, not made) and alias bombs (checked
 * without expanding anything). Aliases are left as they are: nothing here resolves them. Plain
 * documents (most payloads) are read by `composePlain`, into the same nodes; `{ plainReader:
 * false }` always uses the `yaml` package (to compare the two).
 */
export function parsePayloadText(
  text: string,
  limits: PayloadParseLimits = {},
  { plainReader = true }: { plainReader?: boolean } = {},
): ParsedPayloadText {
  const { maxAliasNodes, maxDepth, maxBytes, maxNodes } = { ...DEFAULT_PARSE_LIMITS, ...limits };
  const lineCounter = new LineCounter();
  const problems: YamlProblem[] = [];

  if (text.length > maxBytes / 4 && utf8Length(text) > maxBytes) {
    lineCounter.addNewLine(0);
    problems.push({
      severity: 'error',
      code: 'size_limit',
      message: `the document is ${utf8Length(text)} bytes; the limit is ${maxBytes} bytes`,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
    });
    return { doc: emptyDocument(), lineCounter, problems, hasAliases: false, tagNames: new Set() };
  }

  const plain = plainReader ? composePlain(text, { maxDepth, maxNodes }) : null;
  if (plain && 'passed' in plain) {
    countLines(text, plain.passed.offset, lineCounter.addNewLine);
    return refused(lineCounter, plain.passed);
  }
  if (plain) {
    const doc = plainDocument(text, plain, lineCounter);
    return { doc, lineCounter, problems, hasAliases: false, tagNames: plain.tags };
  }

  const read = readBoundedCst(
    text,
    { maxDepth, maxNodes, maxErrors: MAX_YAML_PROBLEMS },
    lineCounter.addNewLine,
  );
  if (read.passed) return refused(lineCounter, read.passed);
  const { tokens } = read;
  const scan = scanCst(tokens, maxDepth);
  if (scan.tooDeep) {
    const { offset } = scan.tooDeep;
    return refused(lineCounter, { limit: 'depth', max: maxDepth, offset });
  }

  const tagNames: string[] = [];
  for (const source of scan.tagSources) {
    const name = resolveTagSource(source, scan.tagHandles);
    if (name) tagNames.push(name);
  }
  const composer = payloadComposer(tagNames);
  const cap = capComposerProblems(composer, MAX_YAML_PROBLEMS);
  let doc: Document.Parsed | undefined;
  for (const next of composer.compose(tokens, true, text.length)) {
    if (!doc) doc = next;
    else {
      const [start = 0] = next.range;
      problems.push(
        problemAt(
          sourceRange(lineCounter, start, start + 3),
          'error',
          'MULTIPLE_DOCS',
          MULTIPLE_DOCUMENTS_MESSAGE,
        ),
      );
      break;
    }
  }
  doc ??= emptyDocument();

  for (const [list, severity] of [
    [doc.errors, 'error'],
    [doc.warnings, 'warning'],
  ] as const) {
    for (const e of list) {
      const [start, end] = e.pos;
      const range = sourceRange(
        lineCounter,
        start,
        Math.min(text.length, Math.max(end, start + 1)),
      );
      problems.push(problemAt(range, severity, e.code, plainYamlMessage(e.code, e.message)));
    }
  }

  const left = { ...cap, errors: cap.errors + read.droppedErrors.count };
  if (left.errors + left.warnings > 0) {
    const at = left.offset >= 0 ? left.offset : read.droppedErrors.offset;
    problems.push(
      problemAt(
        sourceRange(lineCounter, at, Math.min(text.length, at + 1)),
        left.errors > 0 ? 'error' : 'warning',
        'problem_limit',
        `${left.errors + left.warnings} more problems from here on are not listed (only the first ${MAX_YAML_PROBLEMS} errors and ${MAX_YAML_PROBLEMS} warnings are)`,
      ),
    );
  }

  const hasAliases = recordOrigins(doc, scan);
  for (const finding of checkAliases(doc, maxAliasNodes)) {
    const [start = 0, end = start] = finding.alias.range ?? [];
    const range = sourceRange(lineCounter, start, end);
    const name = `*${finding.alias.source}`;
    const message =
      finding.kind === 'undefined_alias'
        ? `alias ${name} refers to no anchor &${finding.alias.source} defined before it`
        : finding.kind === 'recursive_alias'
          ? `alias ${name} is inside the node it refers to (an endlessly deep structure)`
          : `the document's aliases would expand to more than ${maxAliasNodes.toLocaleString('en-US')} nodes (protection against alias bombs); the limit is passed at ${name}`;
    problems.push(problemAt(range, 'error', finding.kind, message));
  }
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return { doc, lineCounter, problems, hasAliases, tagNames: new Set(tagNames) };
}
