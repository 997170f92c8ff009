/*
 * ruamel's `Emitter.analyze_scalar` (emitter.py), which decides the styles a scalar may take:
 * plain in block or flow context, single or double quoted. Settings are the SDK's: allow_unicode
 * on, YAML 1.2. Indices count code points, as Python's do.
 */

export interface ScalarAnalysis {
  empty: boolean;
  multiline: boolean;
  allowFlowPlain: boolean;
  allowBlockPlain: boolean;
  allowSingleQuoted: boolean;
}

const BREAKS = '\n\x85\u2028\u2029';
const WHITESPACE = '\0 \t\r\n\x85\u2028\u2029';
const LEADING_INDICATORS = '#,[]{}&*!|>\'"%@`';
const FLOW_INDICATORS = ',[]{}';

/** Python's characters of a string: code points (a string without surrogates indexes the same). */
export function codePoints(text: string): ArrayLike<string> {
  return /[\uD800-\uDFFF]/.test(text) ? Array.from(text) : text;
}

/** Python's `len(text)`. */
export function pyLength(text: string): number {
  return /[\uD800-\uDFFF]/.test(text) ? Array.from(text).length : text.length;
}

function isPrintable(ch: string): boolean {
  if (ch === '\n' || (ch >= '\x20' && ch <= '\x7E')) return true;
  if (ch === '\uFEFF') return false;
  return (
    ch === '\x85' ||
    (ch >= '\xA0' && ch <= '\uD7FF') ||
    (ch >= '\uE000' && ch <= '\uFFFD') ||
    ch.length === 2 // a code point past U+FFFF
  );
}

const EMPTY: ScalarAnalysis = {
  empty: true,
  multiline: false,
  allowFlowPlain: false,
  allowBlockPlain: true,
  allowSingleQuoted: true,
};

const cache = new Map<string, ScalarAnalysis>();
const CACHE_LIMIT = 4096;

/** What `analyze_scalar` finds; texts of up to 64 characters are remembered (keys repeat). */
export function analyzeScalar(scalar: string): ScalarAnalysis {
  if (!scalar) return EMPTY;
  if (scalar.length > 64) return analyze(scalar);
  let hit = cache.get(scalar);
  if (!hit) {
    hit = analyze(scalar);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(scalar, hit);
  }
  return hit;
}

function analyze(scalar: string): ScalarAnalysis {
  const text = codePoints(scalar);
  const n = text.length;
  let blockIndicators = false;
  let flowIndicators = false;
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;

  if (scalar.startsWith('---') || scalar.startsWith('...')) {
    blockIndicators = true;
    flowIndicators = true;
  }
  let precededByWhitespace = true;
  let followedByWhitespace = n === 1 || WHITESPACE.includes(text[1]!);
  let previousSpace = false;
  let previousBreak = false;

  for (let index = 0; index < n;) {
    const ch = text[index]!;
    if (index === 0) {
      if (LEADING_INDICATORS.includes(ch)) {
        flowIndicators = true;
        blockIndicators = true;
      }
      if (ch === '?' || ch === ':') {
        if (n === 1) flowIndicators = true;
        if (followedByWhitespace) blockIndicators = true;
      }
      if (ch === '-' && followedByWhitespace) {
        flowIndicators = true;
        blockIndicators = true;
      }
    } else {
      if (FLOW_INDICATORS.includes(ch)) flowIndicators = true;
      if (ch === ':' && followedByWhitespace) {
        flowIndicators = true;
        blockIndicators = true;
      }
      if (ch === '#' && precededByWhitespace) {
        flowIndicators = true;
        blockIndicators = true;
      }
    }
    const isBreak = BREAKS.includes(ch);
    if (isBreak) lineBreaks = true;
    if (!isPrintable(ch)) special = true;
    if (ch === ' ') {
      if (index === 0) leadingSpace = true;
      if (index === n - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak) {
      if (index === 0) leadingBreak = true;
      if (index === n - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    index++;
    precededByWhitespace = WHITESPACE.includes(ch);
    followedByWhitespace = index + 1 >= n || WHITESPACE.includes(text[index + 1]!);
  }

  let allowFlowPlain = true;
  let allowBlockPlain = true;
  let allowSingleQuoted = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) {
    allowFlowPlain = allowBlockPlain = false;
  }
  if (breakSpace) allowFlowPlain = allowBlockPlain = allowSingleQuoted = false;
  if (special || spaceBreak) allowFlowPlain = allowBlockPlain = allowSingleQuoted = false;
  if (lineBreaks) allowFlowPlain = allowBlockPlain = false;
  if (flowIndicators) allowFlowPlain = false;
  if (blockIndicators) allowBlockPlain = false;
  return {
    empty: false,
    multiline: lineBreaks,
    allowFlowPlain,
    allowBlockPlain,
    allowSingleQuoted,
  };
}
