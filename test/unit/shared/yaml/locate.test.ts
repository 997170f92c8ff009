import { describe, expect, it } from 'vitest';
import { locatePath, parsePayloadText } from '../../../../src/shared/yaml';

const TEXT = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    gates:
      - !H {qubit: 0}
      - &x !X {qubit: 1}
other: *x
`;

describe('locatePath', () => {
  const { doc, lineCounter } = parsePayloadText(TEXT);
  const at = (path: (string | number)[]) => locatePath(doc, lineCounter, path, TEXT);

  it('finds a scalar value', () => {
    expect(at(['type'])).toMatchObject({
      exact: true,
      range: { line: 1, column: 7, endLine: 1, endColumn: 15 },
    });
  });

  it('finds a tagged mapping from its tag, with its key', () => {
    const found = at(['sampling_payload', 'sampling']);
    expect(found.exact).toBe(true);
    expect(found.range).toMatchObject({ line: 3, column: 13, endLine: 7, endColumn: 25 });
    expect(found.keyRange).toMatchObject({ line: 3, column: 3, endLine: 3, endColumn: 11 });
  });

  it('indexes sequences and includes anchors in the range', () => {
    expect(at(['sampling_payload', 'sampling', 'gates', 1]).range).toMatchObject({
      line: 7,
      column: 9,
      endColumn: 25,
    });
  });

  it('follows aliases', () => {
    expect(at(['other', 'qubit'])).toMatchObject({ exact: true, range: { line: 7, column: 23 } });
  });

  it('falls back to the nearest existing ancestor’s key for a missing path', () => {
    const missing = at(['sampling_payload', 'readout']);
    expect(missing.exact).toBe(false);
    expect(missing.found).toEqual(['sampling_payload']);
    expect(missing.range).toMatchObject({ line: 2, column: 1, endLine: 2, endColumn: 17 });
  });

  it('points at the first line of the root for a missing top-level field', () => {
    expect(at(['time_evolution_payload']).range).toMatchObject({
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 15,
    });
  });
});
