import { describe, expect, it } from 'vitest';
import { decodeResultText } from '../../../src/renderer/state/results/decode';
import { RESULT_LIMITS } from '../../../src/shared/yaml';

/**
 * Hostile results through the viewers' decode path (`decodeResultText`, what the decode worker
 * runs on a result's YAML): a result nested 4 million levels deep, and one of millions of tiny
 * values that no bulk run lifts out, each just under 8 MiB. Each is refused where it passes the
 * limit, before the tree is built, and shown as text with the reason, the line and the column.
 */
const HEAD = '!SamplingResult\nnshots: 1000\nnqubits: 2\nsamples:\n';
const LEVELS = 4_194_000;

function refusal(text: string): string {
  const model = decodeResultText(text);
  expect(model.kind).toBe('tree');
  return model.kind === 'tree' ? (model.reason ?? '') : '';
}

describe('hostile results: the viewers’ decode path', () => {
  it('refuses a result nested 4 million levels deep at its 65th level', () => {
    const text = `${HEAD}  "00": ${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}\n`;
    // The root and `samples` are levels 1 and 2: level 65 is the 63rd bracket, from column 9.
    const column = 9 + (RESULT_LIMITS.maxDepth + 1 - 3);
    expect(refusal(text)).toBe(
      `The result could not be read: the result is not valid YAML (line 5, column ${column}: nesting deeper than ${RESULT_LIMITS.maxDepth} levels starts here; the document was not read further). Its text is shown as it arrived.`,
    );
  });

  it('refuses millions of tiny values at the node limit, naming the limit', () => {
    const values = 4_000_000;
    const text = `${HEAD}  "00": [${'x,'.repeat(values - 1)}x]\n`;
    const reason = refusal(text);
    expect(reason).toMatch(
      /^The result could not be read: the result is not valid YAML \(line 5, column \d+: /,
    );
    expect(reason).toContain(
      `more than ${RESULT_LIMITS.maxNodes.toLocaleString('en-US')} nodes (keys, values and collections): the limit is passed here`,
    );
  });

  it('still reads the same shapes within the limits', () => {
    const text = `${HEAD}  "00": ${'['.repeat(10)}1${']'.repeat(10)}\n  "11": [${'x,'.repeat(999)}x]\n`;
    const model = decodeResultText(text);
    expect(model.kind === 'tree' ? (model.reason ?? '') : '').not.toContain('could not be read');
  });
});
