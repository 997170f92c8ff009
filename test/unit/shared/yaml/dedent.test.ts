import { describe, expect, it } from 'vitest';
import { dedent } from '../../../../src/shared/yaml/source-text';
import { seededRandom } from '../../../../src/simulator/random';

/** The rule as first written, line by line: the reference the text-wide version must match. */
function dedentByLines(slice: string, firstColumn: number, keepTrailing: boolean): string {
  const isBlank = (line: string) => /^[ \t\r]*$/.test(line);
  const isComment = (line: string) => /^[ \t]*#/.test(line);
  const spaces = (line: string) => line.length - line.replace(/^ +/, '').length;
  const lines = slice.split('\n');
  let common = firstColumn;
  for (const line of lines.slice(1))
    if (!isBlank(line) && !isComment(line)) common = Math.min(common, spaces(line));
  const out = lines.map((line, i) => (i === 0 ? line : line.slice(Math.min(common, spaces(line)))));
  if (keepTrailing) return out.join('\n');
  while (out.length > 1 && isBlank(out[out.length - 1]!)) out.pop();
  const joined = out.join('\n');
  return out.length > 1 ? `${joined}\n` : joined;
}

describe('dedent', () => {
  it('gives what the line-by-line rule gives on random indented text', () => {
    const random = seededRandom(7);
    const pieces = [' ', ' ', ' ', '  ', '\t', '\r', '\n', '\n', '#', 'a', 'b: c', '- !H {}'];
    for (let n = 0; n < 5000; n++) {
      let text = '';
      const length = Math.floor(random() * 30);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(random() * pieces.length)];
      const column = Math.floor(random() * 6);
      for (const keep of [false, true]) {
        const expected = dedentByLines(text, column, keep);
        expect(dedent(text, column, keep), JSON.stringify([text, column, keep])).toBe(expected);
      }
    }
  });

  it('strips the shared indentation of a functional object written under its key', () => {
    const text =
      '!Sampling\n      nshots: 10\n      # a note\n\n      circuit: !Circuit\n        nqubits: 2\n\n';
    expect(dedent(text, 6, false)).toBe(
      '!Sampling\nnshots: 10\n# a note\n\ncircuit: !Circuit\n  nqubits: 2\n',
    );
  });
});
