/**
 * Whether the JSON text nests arrays and objects more than `max` levels deep. One pass over the
 * characters, no recursion and no parse, so it is safe on any input: `JSON.parse` accepts any
 * depth, but whatever walks the result recursively afterwards (a schema check, `JSON.stringify`)
 * runs out of stack on a few thousand levels. Brackets inside strings do not count.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
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
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
