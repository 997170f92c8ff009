import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../../support/cli-runner';
import type { DocumentCase } from '../../support/hostile-corpus';
import {
  HOSTILE_DIR,
  documentBytes,
  documentCases,
  outcomeMismatch,
} from '../../support/hostile-corpus';

/**
 * The hostile documents (test/fixtures/hostile/documents/index.json) through `qjob validate`, the
 * CLI's own entry (`main`, in this process): the exit code follows the outcome, each problem is a
 * `file:line:column: severity: message [code]` line, and nothing from the document reaches the
 * terminal as a control character (a key holding OSC 52 would write the clipboard).
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-hostile-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(c: DocumentCase): string {
  if (c.file) return path.join(HOSTILE_DIR, 'documents', c.file);
  const file = path.join(dir, `${c.id}.yaml`);
  writeFileSync(file, documentBytes(c));
  return file;
}

/** What a terminal obeys or what makes text read otherwise: C0 but the line break, DEL, C1, bidi. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
const LINE = /^(.*):(\d+):(\d+): (error|warning|info): (.*?)(?: \(at [^)]*\))? \[([\w.]+)\]$/;

describe('hostile documents: qjob validate', () => {
  for (const c of documentCases()) {
    it(`${c.id}: ${c.what} → ${c.editor.outcome}`, async () => {
      const file = fileOf(c);
      const run = await runCli(['validate', file, '--variant', c.variant]);
      expect(run.stderr).toBe('');
      expect(run.code, run.stdout.slice(0, 500)).toBe(c.editor.outcome === 'refused' ? 1 : 0);
      expect(run.stdout).not.toMatch(RAW_CONTROL);
      const lines = run.stdout.trimEnd().split('\n');
      const verdict = lines.pop();
      expect(verdict).toMatch(c.editor.outcome === 'refused' ? /: not valid \(/ : /: valid \(/);
      const problems = lines.map((line) => {
        const m = LINE.exec(line);
        expect(m, line).not.toBeNull();
        return { severity: m![4]!, message: m![5]!, code: m![6]! };
      });
      expect(outcomeMismatch(problems, c.editor)).toBeNull();

      const json = await runCli(['validate', file, '--variant', c.variant, '--json']);
      expect(json.code).toBe(run.code);
      expect(json.stdout).not.toMatch(RAW_CONTROL);
      const report = JSON.parse(json.stdout) as { valid: boolean; errors: unknown[] };
      expect(report.valid).toBe(c.editor.outcome !== 'refused');
      expect(report.errors.length).toBe(problems.filter((p) => p.severity === 'error').length);
    });
  }
});

/**
 * The generated cases (the large ones: 4 million `[`, millions of values, a flood of syntax
 * errors) through `bin/qjob.js` as a child process, as a person runs it, with its heap capped at
 * HEAP_MIB: a document is refused at the place it passes a limit, before memory is spent on it
 * (the 8 MiB nesting once took 4.2 GB and 113 s to die out of heap).
 */
const HEAP_MIB = 384;

describe('hostile documents: qjob validate as a child process, heap capped', () => {
  for (const c of documentCases().filter((c) => c.generate)) {
    it(`${c.id}: ${c.what} → ${c.editor.outcome} within ${HEAP_MIB} MiB`, async () => {
      const run = await spawnCli(['validate', fileOf(c), '--variant', c.variant], {
        env: { NODE_OPTIONS: `--max-old-space-size=${HEAP_MIB}` },
        timeoutMs: 120_000,
      });
      expect(run.stderr).toBe('');
      expect(run.code, run.stdout.slice(0, 500)).toBe(c.editor.outcome === 'refused' ? 1 : 0);
      const problems = run.stdout
        .trimEnd()
        .split('\n')
        .slice(0, -1)
        .map((line) => {
          const m = LINE.exec(line);
          expect(m, line).not.toBeNull();
          return { severity: m![4]!, message: m![5]!, code: m![6]!, line: Number(m![2]) };
        });
      expect(outcomeMismatch(problems, c.editor)).toBeNull();
      // Each problem names its line and column (`file:line:column: error: …`).
      for (const p of problems) expect(p.line).toBeGreaterThanOrEqual(1);
    }, 150_000);
  }
});
