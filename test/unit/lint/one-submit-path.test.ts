import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One submit path (docs/architecture.md, "A payload, from the editor to a result viewer"):
 * every submission of the app and of qjob leaves through core/submit/send-payload.ts, the only
 * caller of the client's `execute`, and only the client builds the request body. What is done
 * to a payload on its way out is then done in one place for all of them.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The files of `src` (relative, with /) whose code matches `pattern`. */
function callersOf(pattern: RegExp): string[] {
  return filesUnder(path.join(ROOT, 'src'))
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
    .sort();
}

describe('the submit path', () => {
  it("has one door to the client's execute: core/submit/send-payload.ts", () => {
    expect(callersOf(/\.execute\s*\(/)).toEqual(['src/core/submit/send-payload.ts']);
  });

  it('has one builder of the request body: the client, and the dry run beside the one door', () => {
    expect(callersOf(/\bbuildExecuteEnvelope\s*\(/)).toEqual([
      'src/core/client/job-calls.ts',
      'src/core/submit/send-payload.ts',
    ]);
  });
});
