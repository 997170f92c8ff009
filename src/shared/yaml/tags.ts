import type { CollectionTag, ScalarTag } from 'yaml';
import { YAMLMap, YAMLSeq } from 'yaml';

/*
 * Every tag a payload uses is declared as a passthrough: a `!Name` mapping, sequence or scalar
 * is legal and composes into a plain node that keeps its tag as data. Nothing is ever resolved,
 * constructed or executed, and no TAG_RESOLVE_FAILED warning drowns the real problems.
 */

export const YAML_CORE_PREFIX = 'tag:yaml.org,2002:';

/** Tags the `yaml` package itself understands; those keep their built-in meaning. */
const BUILT_IN = new Set(
  [
    'str',
    'int',
    'float',
    'bool',
    'null',
    'map',
    'seq',
    'binary',
    'omap',
    'pairs',
    'set',
    'timestamp',
    'merge',
  ].map((t) => YAML_CORE_PREFIX + t),
);

/**
 * YAML's own types (`!!int`, `!!str`, `!!binary`, ...). Other tags in the same namespace name a
 * language's types (`!!python/object`, `!!js/function`, `!!java.net.URL`): not YAML's own.
 */
export function isYamlBuiltInTag(tag: string): boolean {
  return (
    BUILT_IN.has(tag) || tag === `${YAML_CORE_PREFIX}value` || tag === `${YAML_CORE_PREFIX}yaml`
  );
}

const DEFAULT_HANDLES: ReadonlyMap<string, string> = new Map([
  ['!', '!'],
  ['!!', YAML_CORE_PREFIX],
]);

/**
 * A tag as written → its full name, as `yaml` resolves it: `!Sampling` → `!Sampling`,
 * `!!python/name:x` → `tag:yaml.org,2002:python/name:x`, `!<verbatim>` → `verbatim`, `!e!x`
 * through `%TAG` handles. Null for the non-specific `!` and for undeclared handles.
 */
export function resolveTagSource(
  source: string,
  handles: ReadonlyMap<string, string> = new Map(),
): string | null {
  if (source === '!') return null;
  if (source.startsWith('!<') && source.endsWith('>')) return source.slice(2, -1) || null;
  const m = /^(.*!)([^!]*)$/s.exec(source);
  if (!m) return null;
  const prefix = handles.get(m[1] ?? '') ?? DEFAULT_HANDLES.get(m[1] ?? '');
  if (prefix === undefined) return null;
  try {
    return prefix + decodeURIComponent(m[2] ?? '');
  } catch {
    return null;
  }
}

/** A full tag name for people: `tag:yaml.org,2002:python/x` → `!!python/x`; local tags as they are. */
export function displayTag(tag: string): string {
  return tag.startsWith(YAML_CORE_PREFIX) ? `!!${tag.slice(YAML_CORE_PREFIX.length)}` : tag;
}

const never = () => false;

/** The passthrough declarations for these tag names (built-ins are left alone). */
export function passthroughTags(names: Iterable<string>): (CollectionTag | ScalarTag)[] {
  const out: (CollectionTag | ScalarTag)[] = [];
  for (const tag of new Set(names)) {
    if (BUILT_IN.has(tag)) continue;
    out.push(
      { tag, collection: 'map', nodeClass: YAMLMap, identify: never, default: false },
      { tag, collection: 'seq', nodeClass: YAMLSeq, identify: never, default: false },
      // A tagged scalar keeps the text it was written with: `!Foo 1` is the string '1'.
      { tag, identify: never, default: false, resolve: (value: string) => value },
    );
  }
  return out;
}
