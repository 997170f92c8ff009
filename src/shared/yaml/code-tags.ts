import type { Document, LineCounter, Node } from 'yaml';
import { visit } from 'yaml';
import { propsOf } from './origins';
import { dottedPath } from './paths';
import { displayTag, YAML_CORE_PREFIX } from './tags';

/**
 * Tags whose content the service's deserialiser would run as code: `!function` and `!lambda`
 * (base64 pickled Python), `!type`, and PyYAML's `!!python/...` family
 * (`!!python/object/apply:os.system` and friends). We never evaluate them; the user is told.
 */
export type CodeBearingTag = '!function' | '!lambda' | '!type' | `!!python/${string}`;

export interface CodeBearingTagFinding {
  tag: CodeBearingTag;
  /** Dotted path of the tagged node (`sampling_payload.sampling.cost`). */
  path: string;
  line: number;
  column: number;
  /** End of the tag as written (exclusive), for a marker. */
  endLine: number;
  endColumn: number;
}

const CODE_TAGS = new Set(['!function', '!lambda', '!type']);

export function codeBearingTag(tag: string | undefined): CodeBearingTag | null {
  if (!tag) return null;
  if (CODE_TAGS.has(tag)) return tag as CodeBearingTag;
  if (tag.startsWith(`${YAML_CORE_PREFIX}python/`)) return displayTag(tag) as CodeBearingTag;
  return null;
}

/** Every code-bearing tag in the document (keys included), in document order. */
export function findCodeBearingTags(
  doc: Document,
  lineCounter: LineCounter,
): CodeBearingTagFinding[] {
  const found: CodeBearingTagFinding[] = [];
  visit(doc, {
    Node(_key, node: Node, ancestors) {
      const tag = codeBearingTag(node.tag);
      if (!tag) return;
      const written = propsOf(node)?.tag;
      const offset = written?.offset ?? node.range?.[0] ?? 0;
      const { line, col } = lineCounter.linePos(offset);
      const end = lineCounter.linePos(offset + (written?.source.length ?? 0));
      found.push({
        tag,
        path: dottedPath(ancestors, node),
        line,
        column: col,
        endLine: end.line,
        endColumn: end.col,
      });
    },
  });
  return found;
}
