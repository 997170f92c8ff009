import { describe, expect, it } from 'vitest';
import { analyzePayload } from '../../../src/renderer/state/editor/analysis/analyze';
import { decodeUtf8, invalidUtf8Problem } from '../../../src/shared/text/utf8';
import type { YamlProblem } from '../../../src/shared/yaml';
import { documentBytes, documentCases, outcomeMismatch } from '../../support/hostile-corpus';

/**
 * The hostile documents (test/fixtures/hostile/documents/index.json) against the editor's
 * validation: the file's bytes decoded as the editor opens a file (strict UTF-8), then what the
 * renderer's analysis worker runs on the text (`analyzePayload`: the shared converter with the
 * payload dialect's checks in collect mode, then the pre-flight's facts). Each case must reach
 * its written outcome, with every problem placed on a line.
 */
function editorProblems(bytes: Buffer, variant: 'A' | 'B'): YamlProblem[] {
  const decoded = decodeUtf8(new Uint8Array(bytes));
  if (!decoded.ok) return [invalidUtf8Problem(decoded)];
  return analyzePayload(variant, decoded.text).problems;
}

describe('hostile documents: the editor’s validation', () => {
  for (const c of documentCases()) {
    it(`${c.id}: ${c.what} → ${c.editor.outcome}`, () => {
      const problems = editorProblems(documentBytes(c), c.variant);
      expect(outcomeMismatch(problems, c.editor)).toBeNull();
      for (const p of problems) {
        expect(p.line).toBeGreaterThanOrEqual(1);
        expect(p.column).toBeGreaterThanOrEqual(1);
      }
    });
  }
});
