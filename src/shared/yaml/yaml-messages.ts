import { displayTag, YAML_CORE_PREFIX } from './tags';
import { clipped, quoted } from '../text/quote';

/*
 * The `yaml` package words some errors in its own terms: token types ("Unexpected flow-map-end
 * token in YAML stream"), full tag names (tag:yaml.org,2002:int), JavaScript's own exceptions.
 * People read what they wrote instead: "}" and !!int.
 */

/** Each token type as what a person typed or sees. */
const TOKEN_WORDS: Record<string, string> = {
  'flow-map-start': '"{"',
  'flow-map-end': '"}"',
  'flow-seq-start': '"["',
  'flow-seq-end': '"]"',
  'flow-error-end': 'the end of a [ ] or { } collection',
  'map-value-ind': '":"',
  'seq-item-ind': '"-"',
  'explicit-key-ind': '"?"',
  comma: '","',
  anchor: 'an anchor (&name)',
  alias: 'an alias (*name)',
  tag: 'a tag',
  scalar: 'a value',
  'single-quoted-scalar': 'a quoted value',
  'double-quoted-scalar': 'a quoted value',
  'block-scalar': 'a | or > block',
  'block-scalar-header': 'a | or > block',
  'block-map': 'a mapping',
  'block-seq': 'a list',
  'flow-collection': 'a [ ] or { } collection',
  document: 'a document',
  'doc-start': '"---"',
  'doc-end': '"..."',
  'doc-mode': 'a document marker',
  directive: 'a % directive',
  'directive-line': 'a % directive',
  comment: 'a comment',
  newline: 'a line break',
  space: 'a space',
  'byte-order-mark': 'a byte order mark',
  error: 'text that is not YAML',
};

const word = (type: string) => TOKEN_WORDS[type] ?? 'text that is not YAML';

function quotedSource(source: string): string {
  try {
    const value: unknown = JSON.parse(source);
    return typeof value === 'string' ? quoted(value) : clipped(source);
  } catch {
    return clipped(source);
  }
}

const REWRITES: [RegExp, (...groups: string[]) => string][] = [
  [
    /^Unexpected ([\w-]+) token in YAML stream: (".*")$/,
    (_t, src) => `${quotedSource(src ?? '')} is not expected here`,
  ],
  [
    /^Unexpected ([\w-]+) token(?: in YAML stream)?$/,
    (t) => `${word(t ?? '')} is not expected here`,
  ],
  [/^Unexpected ([\w-]+) at node end$/, (t) => `${word(t ?? '')} is not expected after the value`],
  [
    /^Expected a flow scalar value, but found: ([\w-]+)$/,
    (t) => `Expected a value, found ${word(t ?? '')}`,
  ],
  [
    /^Unexpected token in block scalar header: ([\w-]+)$/,
    (t) => `${word(t ?? '')} is not expected after | or >`,
  ],
  [/^Unsupported token \(type: ([\w-]+)\)$/, (t) => `${word(t ?? '')} is not expected here`],
  [/^Not a YAML token: (.*)$/, (src) => `${quoted(src ?? '')} is not YAML`],
  [/^Unresolved tag: (.*)$/, (tag) => `The tag ${displayTag(tag ?? '')} does not fit this value`],
  [
    /^(\S+) used for (\w+) collection, but expects (\w+)$/,
    (tag, used, expects) =>
      `The tag ${displayTag(tag ?? '')} is for ${kind(expects ?? '')}, not ${kind(used ?? '')}`,
  ],
];

function kind(collection: string): string {
  return collection === 'map' ? 'a mapping' : collection === 'seq' ? 'a list' : 'a single value';
}

/** A second document in a payload text (the `yaml` package would say "use parseAllDocuments()"). */
export const MULTIPLE_DOCUMENTS_MESSAGE =
  'a payload is one YAML document; another document starts here';

/** The `yaml` package's message for people; `code` is its error code (`UNEXPECTED_TOKEN`, ...). */
export function plainYamlMessage(code: string, message: string): string {
  // The parser's own failures and exhausted stacks are no fault the text can point at in words.
  if (code === 'IMPOSSIBLE') return 'The YAML cannot be read here';
  if (code === 'RESOURCE_EXHAUSTION') return 'The YAML is nested too deeply to be read here';
  if (code === 'MULTIPLE_DOCS') return MULTIPLE_DOCUMENTS_MESSAGE;
  if (message === 'Tried to pop an empty stack') return 'The YAML cannot be read here';
  for (const [pattern, rewrite] of REWRITES) {
    const m = pattern.exec(message);
    if (m) return rewrite(...m.slice(1));
  }
  return message.split(`${YAML_CORE_PREFIX}`).join('!!');
}
