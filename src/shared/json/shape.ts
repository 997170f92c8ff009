/** Where a JSON text passed a limit of its shape, and the limit. */
export interface JsonLimitPassed {
  limit: 'depth' | 'values';
  max: number;
  /** Offset of the bracket one level too deep, or of the value one past the count. */
  offset: number;
  /** 1-based line and column of `offset`. */
  line: number;
  column: number;
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let nl = text.indexOf('\n'); nl >= 0 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
    line++;
    start = nl + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * Whether the JSON text nests arrays and objects deeper than `maxDepth` or holds more than
 * `maxValues` values (arrays, objects and each entry after a comma), and where. One pass over
 * the characters, no recursion and no parse, so it is safe on any input and costs a counter per
 * character: `JSON.parse` accepts any depth and any count, and a 48 MB text of `{},` became
 * 1.4 GB of objects (deep nesting, 2.3 GB), while whatever walks a deep result recursively
 * afterwards (a schema check, `JSON.stringify`) runs out of stack. Brackets inside strings do
 * not count. Not a validator: a text that passes may still not be JSON.
 */
export function jsonLimitPassed(
  text: string,
  limits: { maxDepth: number; maxValues: number },
): JsonLimitPassed | null {
  const { maxDepth, maxValues } = limits;
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    let passed: 'depth' | 'values' | null = null;
    if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) passed = 'depth';
      else if (++values > maxValues) passed = 'values';
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
    else if (c === 0x2c /* , */ && ++values > maxValues) passed = 'values';
    if (passed) {
      const max = passed === 'depth' ? maxDepth : maxValues;
      return { limit: passed, max, offset: i, ...position(text, i) };
    }
  }
  return null;
}

/** The refusal in words: the limit, and the line and column where it was passed. */
export function jsonLimitMessage(passed: JsonLimitPassed): string {
  const where = `line ${passed.line}, column ${passed.column}`;
  return passed.limit === 'depth'
    ? `nests arrays and objects deeper than ${passed.max} levels (at ${where})`
    : `holds more than ${passed.max.toLocaleString('en-US')} values (arrays, objects and the entries in them; passed at ${where})`;
}
