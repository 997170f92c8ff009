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

/** A tag's suffix with its `%XX` escapes decoded as UTF-8 (as ruamel's scanner does), or null. */
function decodeSuffix(suffix: string): string | null {
  if (!suffix.includes('%')) return suffix;
  try {
    return decodeURIComponent(suffix);
  } catch {
    return null;
  }
}

/**
 * The full name of a tag as written (`!H`, `!!python/name:x`, `!<x>`, `!a%20b`), or null for
 * what the SDK never writes and the general reader handles: named handles (`!e!x`, which need a
 * `%TAG` directive), the non-specific `!`, a malformed escape.
 */
export function simpleTagName(text: string): string | null {
  if (text.startsWith('!<')) {
    return text.endsWith('>') && text.length > 3 ? decodeSuffix(text.slice(2, -1)) : null;
  }
  const yamlNamespace = text.startsWith('!!');
  const suffix = text.slice(yamlNamespace ? 2 : 1);
  if (!suffix || suffix.includes('!')) return null;
  const decoded = decodeSuffix(suffix);
  if (decoded === null) return null;
  return yamlNamespace ? YAML_TAG_PREFIX + decoded : `!${decoded}`;
}
