import { LineCounter, isAlias, isMap, isNode, isPair, isScalar, isSeq } from 'yaml';
import type { Document, Node } from 'yaml';
import { limitPassedMessage } from '../yaml/bounded-cst';
import type { LimitPassed } from '../yaml/bounded-cst';
import { parseDocumentWithin } from '../yaml/bounded-document';
import { codeBearingNodeTag, codeBearingTag, isSdkHandlerCode } from '../yaml/code-tags';
import { PAYLOAD_LIMITS } from '../yaml/limits';
import { readPlainDocument } from '../yaml/parse';
import { plainYamlMessage } from '../yaml/yaml-messages';
import { DialectError } from './dialect-error';

/** One YAML string of the payload (a functional object or a readout), parsed with positions. */
export interface YamlSource {
  text: string;
  doc: Document.Parsed;
  lines: LineCounter;
  /** How error logs name this text, e.g. "functional YAML (sampling_payload.sampling)". */
  label: string;
  /** Where the root node sits in the user's ExecutePayload. */
  rootPath: string;
  /** The node to read when it is not the document's root (a functional object in place). */
  rootNode?: Node;
}

/**
 * A functional object or readout read where it stands in the whole payload document, so every
 * position is the document's own. The document must come from `parsePayloadText`, which checked
 * that it parses and that its aliases stay within their functional object.
 */
export function documentSource(
  text: string,
  doc: Document.Parsed,
  lines: LineCounter,
  node: Node,
  rootPath: string,
  kind: string,
): YamlSource {
  return { text, doc, lines, label: `${kind} (${rootPath})`, rootPath, rootNode: node };
}

/**
 * Parse without resolving anything: unknown tags stay on the nodes (the `yaml` package only
 * warns), so the interpreter sees exactly what the user wrote.
 */
export function parseYamlSource(text: string, rootPath: string, kind: string): YamlSource {
  const lines = new LineCounter();
  const label = `${kind} YAML (${rootPath})`;
  // Plain YAML (most functional objects) is read in one fast pass into the same nodes. Both
  // readers check the payload's depth and node limits as they read (yaml/limits.ts).
  const plain = readPlainDocument(text, lines, PAYLOAD_LIMITS);
  const read = plain ?? parseDocumentWithin(text, lines, PAYLOAD_LIMITS, { prettyErrors: false });
  if (read.passed) throw limitError(lines, rootPath, read.passed);
  const { doc } = read;
  const src: YamlSource = { text, doc, lines, label, rootPath };
  const syntax = doc.errors[0];
  if (syntax) {
    throw new DialectError({
      path: rootPath,
      problem: `the YAML does not parse: ${plainYamlMessage(syntax.code, firstLine(syntax.message))}`,
      expected: 'one YAML document holding a tagged mapping',
      source: src,
      offset: syntax.pos[0],
    });
  }
  // The plain reader knows every tag it met: only a code-bearing one needs finding.
  if (!plain?.tagNames || [...plain.tagNames].some((tag) => codeBearingTag(tag) !== null))
    rejectCodeBearingTags(src, doc.contents, rootPath);
  return src;
}

/**
 * A text past the depth or node limit: refused where it passed it, nothing built from it. The
 * place is in the message; no excerpt is quoted (the line may be megabytes of brackets).
 */
function limitError(lines: LineCounter, rootPath: string, passed: LimitPassed): DialectError {
  const { line, col } = lines.linePos(passed.offset);
  return new DialectError({
    code: passed.limit === 'depth' ? 'dialect.depth_limit' : 'dialect.node_limit',
    path: rootPath,
    problem: limitPassedMessage(passed, `at line ${line}, column ${col}`),
  });
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

function rejectCodeBearingTags(
  src: YamlSource,
  node: unknown,
  path: string,
  ancestors: unknown[] = [],
): void {
  if (!isNode(node)) return;
  const tag = codeBearingNodeTag(node);
  if (tag && !isSdkHandlerCode(node, ancestors)) {
    throw new DialectError({
      path,
      subject: `tag ${tag}`,
      problem: 'code-bearing tag not supported by the simulator',
      expected: 'plain data: numbers, strings, lists and the tags of the payload dialect',
      hint: `${tag} carries code that the real service's deserialiser would execute; the simulator never runs code. Replace it with the literal value it computes.`,
      source: src,
      offset: nodeOffset(src, node),
    });
  }
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = isScalar(pair.key) ? String(pair.key.value) : '?';
      const within = [...ancestors, node, pair];
      rejectCodeBearingTags(src, pair.key, `${path}.${key}`, within);
      rejectCodeBearingTags(src, pair.value, `${path}.${key}`, within);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) =>
      rejectCodeBearingTags(src, item, `${path}[${i}]`, [...ancestors, node]),
    );
  }
}

/**
 * Offset where the node starts as the user sees it. `node.range` starts after the tag, but an
 * error about `!CNOT {...}` should point at `!CNOT`, so step back over the tag when present.
 */
export function nodeOffset(src: YamlSource, node: Node | null | undefined): number | undefined {
  if (!node || !node.range) return undefined;
  const start = node.range[0];
  if (isAlias(node) || !node.tag) return start;
  const before = src.text.lastIndexOf(node.tag, start);
  if (before >= 0 && src.text.slice(before + node.tag.length, start).trim() === '') return before;
  return start;
}

/**
 * Where a marker on the node ends: a scalar's end, or the end of the node's first line for a
 * collection (marking the whole of a block would bury the text under squiggles).
 */
export function nodeEnd(src: YamlSource, node: Node | null | undefined, start: number): number {
  const end = node?.range?.[1] ?? start;
  const lineEnd = src.text.indexOf('\n', start);
  const limit = lineEnd < 0 ? src.text.length : lineEnd;
  return Math.max(start, Math.min(end, limit));
}
