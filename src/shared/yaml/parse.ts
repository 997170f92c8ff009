import type { CST, Document } from 'yaml';
import { Composer, LineCounter, Parser } from 'yaml';
import { checkAliases } from './alias-limit';
import { scanCst } from './cst-scan';
import { propsOf, recordOrigins } from './origins';
import type { PlainComposed } from './plain-compose';
import { composePlain } from './plain-compose';
import type { YamlProblem } from './problems';
import { problemAt, sourceRange } from './problems';
import { passthroughTags, resolveTagSource } from './tags';
import { MULTIPLE_DOCUMENTS_MESSAGE, plainYamlMessage } from './yaml-messages';

export interface PayloadParseLimits {
  /** Alias expansions allowed in the whole document (nested ones multiply); -1 disables. Default 100. */
  maxAliasCount?: number;
  /** Deepest nesting of mappings and sequences. Default 64. */
  maxDepth?: number;
  /** Largest document in UTF-8 bytes. Default 8 MiB. */
  maxBytes?: number;
}

export const DEFAULT_PARSE_LIMITS: Readonly<Required<PayloadParseLimits>> = {
  maxAliasCount: 100,
  maxDepth: 64,
  maxBytes: 8 * 1024 * 1024,
};

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

/**
 * The text read by `composePlain` into the document `yaml` would compose (its lines counted
 * into `lineCounter`) with every tag it uses, or null when the text is not in the plain subset.
 */
export function readPlainDocument(
  text: string,
  lineCounter: LineCounter,
  maxDepth = DEFAULT_PARSE_LIMITS.maxDepth,
): { doc: Document.Parsed; tagNames: ReadonlySet<string> } | null {
  const plain = composePlain(text, maxDepth);
  return plain ? { doc: plainDocument(text, plain, lineCounter), tagNames: plain.tags } : null;
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

/**
 * Parses a payload document with every tag kept as data (see `tags.ts`), never resolved or
 * executed. Errors and warnings come back as problems with 1-based positions. Limits guard
 * against an oversized text, absurd nesting (checked on the CST, before the recursive composer
 * runs) and alias bombs (checked without expanding anything). Aliases are left as they are:
 * nothing here resolves them. Plain documents (most payloads) are read by `composePlain`, into the
 * same nodes; `{ plainReader: false }` always uses the `yaml` package (to compare the two).
 */
export function parsePayloadText(
  text: string,
  limits: PayloadParseLimits = {},
  { plainReader = true }: { plainReader?: boolean } = {},
): ParsedPayloadText {
  const { maxAliasCount, maxDepth, maxBytes } = { ...DEFAULT_PARSE_LIMITS, ...limits };
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

  const plain = plainReader ? composePlain(text, maxDepth) : null;
  if (plain) {
    const doc = plainDocument(text, plain, lineCounter);
    return { doc, lineCounter, problems, hasAliases: false, tagNames: plain.tags };
  }

  const tokens: CST.Token[] = Array.from(new Parser(lineCounter.addNewLine).parse(text));
  const scan = scanCst(tokens, maxDepth);
  if (scan.tooDeep) {
    const { offset } = scan.tooDeep;
    problems.push(
      problemAt(
        sourceRange(lineCounter, offset, offset + 1),
        'error',
        'depth_limit',
        `nesting deeper than ${maxDepth} levels starts here; the document was not read further`,
      ),
    );
    return { doc: emptyDocument(), lineCounter, problems, hasAliases: false, tagNames: new Set() };
  }

  const tagNames: string[] = [];
  for (const source of scan.tagSources) {
    const name = resolveTagSource(source, scan.tagHandles);
    if (name) tagNames.push(name);
  }
  const composer = payloadComposer(tagNames);
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

  const hasAliases = recordOrigins(doc, scan);
  for (const finding of checkAliases(doc, maxAliasCount)) {
    const [start = 0, end = start] = finding.alias.range ?? [];
    const range = sourceRange(lineCounter, start, end);
    const name = `*${finding.alias.source}`;
    const message =
      finding.kind === 'undefined_alias'
        ? `alias ${name} refers to no anchor &${finding.alias.source} defined before it`
        : finding.kind === 'recursive_alias'
          ? `alias ${name} is inside the node it refers to (an endlessly deep structure)`
          : `the document would expand more than ${maxAliasCount} aliases (protection against alias bombs); the limit is passed at ${name}`;
    problems.push(problemAt(range, 'error', finding.kind, message));
  }
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return { doc, lineCounter, problems, hasAliases, tagNames: new Set(tagNames) };
}
