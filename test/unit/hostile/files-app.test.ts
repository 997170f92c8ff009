import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPayloadText } from '../../../src/core/files/payload-file';
import { openBundle } from '../../../src/core/bundles';
import type { FileCase } from '../../support/hostile-corpus';
import { HOSTILE_DIR, fileCases, generatedBundle } from '../../support/hostile-corpus';

/**
 * The hostile files (test/fixtures/hostile/files/index.json) through the app's own readers, where
 * the app has one: File → Open of a payload (`readPayloadText`, the desktop app's dialog) and an
 * opened bundle (`openBundle`, what `bundles.open` answers). Each opens, or is refused with a
 * message that says why, never with a stack overflow or after reading without end.
 */
function open(c: FileCase & { app: NonNullable<FileCase['app']> }): Promise<unknown> {
  const input = c.input;
  const file =
    'file' in input
      ? path.join(HOSTILE_DIR, 'files', input.file)
      : 'path' in input
        ? input.path
        : null;
  if (c.app.reader === 'payload') return readPayloadText(file!);
  const text =
    'generate' in input ? generatedBundle(input.generate.size) : readFileSync(file!, 'utf8');
  return Promise.resolve().then(() => openBundle(text, path.basename(file ?? `${c.id}.qjob.json`)));
}

describe('hostile files: the app', () => {
  for (const c of fileCases()) {
    if (!c.app) continue;
    const app = c.app;
    const skip = 'path' in c.input && !existsSync(c.input.path);
    it.skipIf(skip)(`${c.id}: ${c.what} → ${app.outcome}`, async () => {
      const outcome = await open({ ...c, app }).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      if (app.outcome === 'opened') expect(outcome).toBeNull();
      else {
        expect(outcome).not.toBeNull();
        expect(outcome).not.toMatch(/call stack/);
        expect(outcome).toContain(app.message ?? '');
      }
    });
  }
});
