import type { Document, DocumentOptions, LineCounter, ParseOptions, SchemaOptions } from 'yaml';
import { Composer, YAMLParseError } from 'yaml';
import type { LimitPassed } from './bounded-cst';
import { readBoundedCst } from './bounded-cst';
import type { DocumentLimits } from './limits';
import { MAX_YAML_PROBLEMS } from './limits';
import { capComposerProblems } from './problem-cap';

export type BoundedDocument =
  { doc: Document.Parsed; passed: null } | { doc: null; passed: LimitPassed };

/**
 * `parseDocument(text, options)` of the `yaml` package within a document's limits: the nesting
 * and the node count are checked while the text is read (`readBoundedCst`), and at most
 * MAX_YAML_PROBLEMS errors and as many warnings are made. A document past a limit is not
 * composed: `passed` says where. Unlike `parseDocument`, the whole stream is read before a
 * second document is reported (`MULTIPLE_DOCS`, as there).
 */
export function parseDocumentWithin(
  text: string,
  lineCounter: LineCounter,
  limits: Pick<DocumentLimits, 'maxDepth' | 'maxNodes'>,
  options: ParseOptions & DocumentOptions & SchemaOptions = {},
): BoundedDocument {
  const read = readBoundedCst(
    text,
    { ...limits, maxErrors: MAX_YAML_PROBLEMS },
    lineCounter.addNewLine,
  );
  if (read.passed) return { doc: null, passed: read.passed };
  const composer = new Composer(options);
  capComposerProblems(composer, MAX_YAML_PROBLEMS);
  let doc: Document.Parsed | null = null;
  for (const next of composer.compose(read.tokens, true, text.length)) {
    if (!doc) doc = next;
    else if (doc.options.logLevel !== 'silent') {
      const [start = 0, end = start] = next.range;
      doc.errors.push(
        new YAMLParseError(
          [start, end],
          'MULTIPLE_DOCS',
          'Source contains multiple documents; please use YAML.parseAllDocuments()',
        ),
      );
      break;
    }
  }
  if (!doc) throw new Error('yaml: a stream composed no document');
  return { doc, passed: null };
}
