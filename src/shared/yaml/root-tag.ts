import { CST, Lexer } from 'yaml';
import { resolveTagSource } from './tags';

const SKIPPED = new Set([
  'byte-order-mark',
  'doc-mode',
  'doc-start',
  'space',
  'newline',
  'comment',
  'anchor',
]);
const GAP = new Set(['space', 'comment', 'anchor']);

/**
 * The tag of a YAML string's root node (`!SamplingResult {...}` → `'!SamplingResult'`), or
 * null when the root is untagged. Reads only the first tokens (results can be megabytes):
 * nothing is composed, resolved or executed. A tag followed on the same line by `key:` belongs
 * to that key, not to the root.
 */
export function rootTag(yamlString: string): string | null {
  const handles = new Map<string, string>();
  let tag: string | null = null;
  let afterScalar = false;
  let scalarText = false;
  for (const token of new Lexer().lex(yamlString)) {
    if (scalarText) {
      // The text of a plain scalar follows its marker; it never carries a token type.
      scalarText = false;
      afterScalar = true;
      continue;
    }
    const type = CST.tokenType(token);
    if (tag === null) {
      if (type === 'directive-line') {
        const m = /^%TAG\s+(\S+)\s+(\S+)/.exec(token);
        if (m?.[1] && m[2]) handles.set(m[1], m[2]);
      } else if (type === 'tag') tag = resolveTagSource(token, handles) ?? token;
      else if (!type || !SKIPPED.has(type)) return null;
      continue;
    }
    if (type === 'scalar') {
      scalarText = true;
      continue;
    }
    if (GAP.has(type ?? '')) continue;
    if (afterScalar) return type === 'map-value-ind' ? null : tag;
    if (type === 'single-quoted-scalar' || type === 'double-quoted-scalar') {
      afterScalar = true;
      continue;
    }
    // A line break, a flow collection or a block scalar header: the tag is the root's.
    return type === 'newline' ||
      type === 'flow-map-start' ||
      type === 'flow-seq-start' ||
      type === 'block-scalar-header'
      ? tag
      : null;
  }
  return afterScalar || tag !== null ? tag : null;
}
