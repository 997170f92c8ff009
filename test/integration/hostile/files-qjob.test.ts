import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli-runner';
import type { FileCase } from '../../support/hostile-corpus';
import { HOSTILE_DIR, fileCases, generatedBundle } from '../../support/hostile-corpus';

/**
 * The hostile files (test/fixtures/hostile/files/index.json) through `qjob`, the CLI's own entry
 * (`main`, in this process): payload files and bundles that never end, standard input that never
 * ends, bundles full of terminal escapes or nested 100,000 deep. Each ends in its exit code with
 * its message; nothing read reaches the terminal as a control character; and an input that never
 * ends is read no further than its limit (standard input here stops being fed at 256 MB).
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-hostile-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a terminal obeys or what makes text read otherwise: C0 but the line break, DEL, C1, bidi. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
const MB = 1024 * 1024;
const FEED_CAP = 256 * MB;
const CHUNK = 64 * 1024;

function pathOf(c: FileCase): string | null {
  const input = c.input;
  if ('file' in input) return path.join(HOSTILE_DIR, 'files', input.file);
  if ('path' in input) return input.path;
  if ('generate' in input) {
    const file = path.join(dir, `${c.id}.qjob.json`);
    writeFileSync(file, generatedBundle(input.generate.size));
    return file;
  }
  return null;
}

/** Standard input that never ends (until the cap), counting what was taken from it. */
function endless(text: string): { stream: AsyncIterable<Uint8Array>; taken: () => number } {
  const chunk = Buffer.from(text.repeat(Math.ceil(CHUNK / text.length)).slice(0, CHUNK));
  let taken = 0;
  return {
    stream: (async function* () {
      while (taken < FEED_CAP) {
        taken += chunk.length;
        yield chunk;
      }
    })(),
    taken: () => taken,
  };
}

describe('hostile files: qjob', () => {
  for (const c of fileCases()) {
    const file = pathOf(c);
    const skip = file !== null && 'path' in c.input && !existsSync(file);
    it.skipIf(skip)(`${c.id}: ${c.what} → exit ${c.qjob.exit}`, async () => {
      const stdin = 'stdin' in c.input ? endless(c.input.stdin) : null;
      const argv = c.qjob.argv.map((a) => (a === '$FILE' ? file! : a));
      const run = await runCli(argv, {
        env: { QJOB_CONFIG_DIR: path.join(dir, 'config'), QJOB_NO_KEYCHAIN: '1' },
        io: {
          ...(stdin ? { stdin: stdin.stream } : {}),
          ...(c.qjob.tty ? { isTTY: true } : {}),
        },
      });
      const said = `${run.stdout}${run.stderr}`;
      expect(run.code, said.slice(0, 500)).toBe(c.qjob.exit);
      expect(said).toContain(c.qjob.says);
      expect(said).not.toMatch(/call stack|Invalid string length|heap/);
      expect(run.stdout).not.toMatch(RAW_CONTROL);
      expect(run.stderr).not.toMatch(RAW_CONTROL);
      // Read up to the limit (8 MB for a payload, 64 kB for a key) and one chunk more, no further.
      if (stdin) expect(stdin.taken()).toBeLessThanOrEqual(8 * MB + 2 * CHUNK);
    });
  }
});
