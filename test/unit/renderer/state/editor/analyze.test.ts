import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzePayload } from '../../../../../src/renderer/state/editor/analysis/analyze';

const template = (variant: 'a' | 'b', name: string) =>
  readFileSync(
    new URL(`../../../../../resources/templates/${variant}/${name}.yaml`, import.meta.url),
    'utf8',
  );

describe('what the editor learns from a tab (issue 25)', () => {
  it('is recognised as one when it is not valid under the variant in use', () => {
    expect(analyzePayload('B', template('a', 'bell')).belongsTo).toBe('A');
    expect(analyzePayload('A', template('b', 'rabi')).belongsTo).toBe('B');
    expect(analyzePayload('B', template('b', 'bell')).belongsTo).toBeNull();
    // Broken under both: not said to be the other's.
    expect(analyzePayload('B', 'type: nothing\n').belongsTo).toBeNull();
  });

  it('reports nothing on an empty tab: there is nothing to check yet', () => {
    expect(analyzePayload('B', '').problems).toEqual([]);
    expect(analyzePayload('A', '\n   \n').problems).toEqual([]);
  });
});
