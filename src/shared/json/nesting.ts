/**
 * The most levels of arrays and objects a JSON text read from a file or the service may nest
 * (a job bundle, a result): far more than any of them holds (a result nests three or four,
 * a bundle a dozen), far fewer than the recursion of a schema check or `JSON.stringify` can
 * take (a few thousand exhaust the stack).
 */
export const JSON_MAX_NESTING = 100;

/**
 * Where the JSON text first nests arrays and objects more than `max` levels deep: the offset of
 * the bracket that opens level `max + 1`, or -1 when it never does. One pass over the
 * characters, no recursion and no parse, so it is safe on any input: `JSON.parse` accepts any
 * depth, but whatever walks the result recursively afterwards (a schema check, `JSON.stringify`)
 * runs out of stack on a few thousand levels. Brackets inside strings do not count.
 */
export function jsonNestingPassedAt(text: string, max: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return i;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return -1;
}

/** Whether the JSON text nests arrays and objects more than `max` levels deep (see above). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  return jsonNestingPassedAt(text, max) >= 0;
}

/** 1-based line and column of an offset, for messages that say where. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
