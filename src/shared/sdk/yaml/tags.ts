import { YAML_TAG_PREFIX } from './scalar-resolve';

/*
 * Tags between their full names (what SdkNode keeps: `!H`, `tag:yaml.org,2002:python/object:x`)
 * and how ruamel writes them (`!H`, `!!python/object:x`).
 */

// ruamel's emitter (`prepare_tag`): the default handles, tried in sorted order, the last match wins.
const HANDLES: ReadonlyArray<readonly [prefix: string, handle: string]> = [
  ['!', '!'],
  ['!!', '!!'],
  [YAML_TAG_PREFIX, '!!'],
];
const URI_PUNCTUATION = "-;/?:@&=+$,_.~*'()[]#";

function isUriChar(ch: string): boolean {
  return (
    (ch >= '0' && ch <= '9') ||
    (ch >= 'A' && ch <= 'Z') ||
    (ch >= 'a' && ch <= 'z') ||
    URI_PUNCTUATION.includes(ch)
  );
}

/**
 * A full tag as ruamel's emitter writes it: `!` and `!!` handles for the local and YAML
 * namespaces, `!<...>` for any other, characters outside a URI's escaped as `%XX` of their code
 * point (ruamel's own rule, not UTF-8).
 */
export function tagShorthand(tag: string): string {
  if (tag === '!' || tag === '!!') return tag;
  let handle: string | null = null;
  let suffix = tag;
  for (const [prefix, h] of HANDLES) {
    if (tag.startsWith(prefix) && (prefix === '!' || prefix.length < tag.length)) {
      handle = h;
      suffix = tag.slice(prefix.length);
    }
  }
  let text = '';
  for (const ch of suffix) {
    if (isUriChar(ch) || (ch === '!' && handle !== '!')) text += ch;
    else text += `%${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return handle ? handle + text : `!<${text}>`;
}

/**
 * The full name of a tag as the SDK writes it (`!H`, `!!python/name:x`, `!<x>`), or null for what
 * the SDK never writes and the general reader handles: `%` escapes, named handles (`!e!x`, which
 * need a `%TAG` directive), the non-specific `!`.
 */
export function simpleTagName(text: string): string | null {
  if (text.includes('%')) return null;
  if (text.startsWith('!<'))
    return text.endsWith('>') && text.length > 3 ? text.slice(2, -1) : null;
  if (text.startsWith('!!')) {
    const suffix = text.slice(2);
    return suffix && !suffix.includes('!') ? YAML_TAG_PREFIX + suffix : null;
  }
  const suffix = text.slice(1);
  return suffix && !suffix.includes('!') ? text : null;
}
