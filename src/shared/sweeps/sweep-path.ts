import { quoted } from '../text/quote';
/**
 * A path inside a payload document, written the way the dialect reader reports it:
 * `sampling_payload.sampling.circuit.gates[0].theta`, with `["odd key"]` for a key that is not
 * an identifier (`formatIssuePath` writes them so).
 */
export class SweepPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SweepPathError';
  }
}

export function parseSweepPath(text: string): (string | number)[] {
  const path = text.trim();
  if (path === '') throw new SweepPathError('the path is empty');
  const segments: (string | number)[] = [];
  let i = 0;
  const fail = (why: string) =>
    new SweepPathError(`${quoted(path, "'")} is not a path (${why} at character ${i + 1})`);
  while (i < path.length) {
    const c = path[i];
    if (c === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) throw fail('a [ is not closed');
      const inner = path.slice(i + 1, close).trim();
      if (/^\d+$/.test(inner)) segments.push(Number(inner));
      else if (/^".*"$/.test(inner)) {
        try {
          segments.push(String(JSON.parse(inner)));
        } catch {
          throw fail('a quoted key is not valid');
        }
      } else throw fail('brackets hold an index or a quoted key');
      i = close + 1;
    } else if (c === '.') {
      if (i === 0 || path[i + 1] === '.' || i === path.length - 1) throw fail('an empty key');
      i++;
    } else {
      const m = /^[^.[\]]+/.exec(path.slice(i));
      if (!m) throw fail('an unexpected character');
      segments.push(m[0]);
      i += m[0].length;
    }
  }
  return segments;
}
