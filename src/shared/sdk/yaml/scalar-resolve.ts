/**
 * What a plain scalar means to ruamel.yaml (the SDK's YAML library), as its `VersionedResolver`
 * decides for YAML 1.2 (the version it reads and writes by default), and how its constructor
 * turns the text into a Python value. The writer asks the same question to choose quotes: a string
 * that would read back as something else (`'00'`, `'true'`, `''`) cannot be written plain.
 */

export const YAML_TAG_PREFIX = 'tag:yaml.org,2002:';
export const STR_TAG = `${YAML_TAG_PREFIX}str`;
export const INT_TAG = `${YAML_TAG_PREFIX}int`;
export const FLOAT_TAG = `${YAML_TAG_PREFIX}float`;
export const BOOL_TAG = `${YAML_TAG_PREFIX}bool`;
export const NULL_TAG = `${YAML_TAG_PREFIX}null`;
export const SEQ_TAG = `${YAML_TAG_PREFIX}seq`;
export const MAP_TAG = `${YAML_TAG_PREFIX}map`;
export const TIMESTAMP_TAG = `${YAML_TAG_PREFIX}timestamp`;
const MERGE_TAG = `${YAML_TAG_PREFIX}merge`;
const VALUE_TAG = `${YAML_TAG_PREFIX}value`;
const YAML_YAML_TAG = `${YAML_TAG_PREFIX}yaml`;

// ruamel's YAML 1.2 patterns (resolver.py), tried in its order for the scalar's first character.
const BOOL = /^(?:true|True|TRUE|false|False|FALSE)$/;
const FLOAT =
  /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+|[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?[0-9_]+|[-+]?0x[0-9a-fA-F_]+)$/;
const NULL = /^(?:~|null|Null|NULL|)$/;
const TIMESTAMP =
  /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/;
const MERGE = /^(?:<<)$/;
const VALUE = /^(?:=)$/;
const YAML_INDICATOR = /^(?:!|&|\*)$/;

type Rule = readonly [RegExp, string];
const NUMBER_RULES: readonly Rule[] = [
  [FLOAT, FLOAT_TAG],
  [INT, INT_TAG],
];
const DIGIT_RULES: readonly Rule[] = [...NUMBER_RULES, [TIMESTAMP, TIMESTAMP_TAG]];

function rulesFor(first: string): readonly Rule[] {
  if (first >= '0' && first <= '9') return DIGIT_RULES;
  switch (first) {
    case '-':
    case '+':
      return NUMBER_RULES;
    case '.':
      return [[FLOAT, FLOAT_TAG]];
    case 't':
    case 'T':
    case 'f':
    case 'F':
      return [[BOOL, BOOL_TAG]];
    case 'n':
    case 'N':
    case '~':
    case '':
      return [[NULL, NULL_TAG]];
    case '<':
      return [[MERGE, MERGE_TAG]];
    case '=':
      return [[VALUE, VALUE_TAG]];
    case '!':
    case '&':
    case '*':
      return [[YAML_INDICATOR, YAML_YAML_TAG]];
    default:
      return [];
  }
}

/** Python's `re.match(r'^...$')`: `$` also matches just before a final line break. */
function pyMatch(re: RegExp, value: string): boolean {
  return re.test(value) || (value.endsWith('\n') && re.test(value.slice(0, -1)));
}

/**
 * The tag ruamel gives a plain scalar with this text (its implicit resolution): one of the YAML
 * core tags, or `tag:yaml.org,2002:str` when no pattern matches.
 */
export function implicitTag(value: string): string {
  for (const [re, tag] of rulesFor(value.charAt(0))) if (pyMatch(re, value)) return tag;
  return STR_TAG;
}

/** ruamel's `construct_yaml_int` (YAML 1.2): underscores dropped, `0b`/`0o`/`0x` prefixes. */
export function constructInt(text: string): bigint | null {
  let s = text.replace(/_/g, '');
  let negative = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s.startsWith('-');
    s = s.slice(1);
  }
  let value: bigint;
  try {
    if (s.startsWith('0b')) value = BigInt(`0b${s.slice(2)}`);
    else if (s.startsWith('0x')) value = BigInt(`0x${s.slice(2)}`);
    else if (s.startsWith('0o')) value = BigInt(`0o${s.slice(2)}`);
    else if (/^[0-9]+$/.test(s)) value = BigInt(s);
    else return null;
  } catch {
    return null;
  }
  return negative ? -value : value;
}

/**
 * ruamel's `construct_yaml_float` (YAML 1.2): underscores dropped, `.inf`, `.nan`. `resolved`
 * when the text already matched the float pattern (a plain scalar), where JavaScript's `Number`
 * reads what Python's `float` reads.
 */
export function constructFloat(text: string, resolved = false): number | null {
  if (resolved && !text.includes('_') && !/[a-df-z]/i.test(text)) return Number(text);
  let s = text.replace(/_/g, '').toLowerCase();
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s.startsWith('-')) sign = -1;
    s = s.slice(1);
  }
  if (s === '.inf') return sign * Infinity;
  if (s === '.nan') return NaN;
  if (!/^(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[-+]?[0-9]+)?$/.test(s)) return null;
  return sign * Number(s);
}

/** ruamel's `construct_yaml_bool` for the YAML 1.2 spellings. */
export function constructBool(text: string): boolean | null {
  const lower = text.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : null;
}
