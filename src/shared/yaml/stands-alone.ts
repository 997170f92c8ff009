import type { Document } from 'yaml';

/*
 * Why an extracted node's text means, on its own, what the node means in the document, without
 * reading that text again. `nodeSourceText` shifts every content line of the node left by the
 * same number of columns (the first line, which starts at the node, to column 0), drops the
 * node's own anchor and keeps everything else as written. YAML's meaning does not change when a
 * node is moved left as a whole: block structure is relative indentation, flow content may sit
 * at any column once it is the root, and comments and blank lines carry no data. Three things
 * do not move with the text, and only those make us re-read it (`extract` in document-payload):
 * - directives (`%YAML 1.1`, `%TAG`): they change how scalars and tags read, and the extracted
 *   text does not carry them;
 * - a block scalar with an explicit indentation indicator (`|2`): its indentation counts from
 *   its parent's, which for the extracted root is outside the text (rare enough that any
 *   indicator in the text sends it to the re-reading, even one inside a quoted string);
 * - nothing else: `test/unit/shared/yaml/stands-alone.test.ts` checks the rule against the
 *   re-reading on random documents.
 */

const YAML_CORE_HANDLE = 'tag:yaml.org,2002:';
const EXPLICIT_INDENTATION = /[|>][-+]?[1-9]/;

/** True when `source`, the text of a node of `doc`, must be re-read to prove what it means. */
export function needsRereading(doc: Document, source: string): boolean {
  const { yaml, tags } = doc.directives ?? { yaml: { explicit: false }, tags: {} };
  if (yaml.explicit) return true;
  for (const [handle, prefix] of Object.entries(tags)) {
    if (handle !== '!!' || prefix !== YAML_CORE_HANDLE) return true;
  }
  return EXPLICIT_INDENTATION.test(source);
}
