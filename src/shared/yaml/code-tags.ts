import type { Document, LineCounter, Node } from 'yaml';
import { visit } from 'yaml';
import { propsOf } from './origins';
import { dottedPath } from './paths';
import { displayTag, isYamlBuiltInTag, YAML_CORE_PREFIX } from './tags';

/**
 * A tag whose content a deserialiser would turn into code or into an object of its language:
 * the SDK's `!function` and `!lambda` (base64 pickled Python) and `!type`, and every language's
 * own tags: `!!python/object/apply:os.system`, `!!js/function`, `!!ruby/object:Gem::Installer`,
 * `!ruby/object:...` (Psych), `!!perl/code`, `!!php/object`, `!!javax.script.ScriptEngineManager`
 * (SnakeYAML builds any class named this way). We never evaluate them; the user is told.
 */
export type CodeBearingTag = string;

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
/** Local tags in a language's family (`!ruby/object:Foo`, `!python/name:os.system`). */
const LANGUAGE_PREFIX = /^!(?:python|ruby|js|perl|php|java|javax)[/:.]/i;
/** A qualified class name as a local tag (`!java.lang.ProcessBuilder`, `!Foo::Bar`). */
const QUALIFIED_NAME = /^![A-Za-z_][\w$]*(?:(?:\.|::)[A-Za-z_][\w$]*)+$/;
/** Other tag authorities that name a language's types (`tag:ruby.yaml.org,2002:object`). */
const LANGUAGE_AUTHORITY =
  /^tag:(?:python|ruby|perl|php|java|js|yaml\.(?:python|ruby))\.yaml\.org,/i;

/** The tag as people write it when it would make a deserialiser run code, else null. */
export function codeBearingTag(tag: string | undefined): CodeBearingTag | null {
  if (!tag) return null;
  if (CODE_TAGS.has(tag) || LANGUAGE_PREFIX.test(tag) || QUALIFIED_NAME.test(tag)) return tag;
  // In YAML's own namespace every tag that is not one of YAML's types names a language's type.
  if (tag.startsWith(YAML_CORE_PREFIX) && !isYamlBuiltInTag(tag)) return displayTag(tag);
  if (LANGUAGE_AUTHORITY.test(tag)) return tag;
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
