import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/core/errors/app-error';
import { readPayloadText } from '../../../../src/core/files/payload-file';

/** File → Open in the desktop app reads a payload through here (src/main/file-dialogs.ts). */
const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-payload-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Uint8Array | string): string {
  const full = path.join(dir, name);
  writeFileSync(full, bytes);
  return full;
}

describe('readPayloadText (File → Open)', () => {
  it('reads a UTF-8 payload as it is', async () => {
    const text = 'type: sampling # Ω\n';
    expect(await readPayloadText(file('good.yaml', text))).toBe(text);
  });

  it('refuses a file that is not UTF-8, saying where, instead of showing U+FFFD', async () => {
    const bad = file(
      'latin1.yaml',
      Uint8Array.from([...Buffer.from('type: sampling\n# caf'), 0xe9, 0x0a]),
    );
    const error = await readPayloadText(bad).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid-input');
    expect((error as AppError).message).toBe(
      'latin1.yaml was not opened: the file is not valid UTF-8: byte 0xE9 at byte offset 20 (line 2, column 6) begins an incomplete sequence; save the file as UTF-8.',
    );
  });

  it('refuses an overlong encoding and an encoded surrogate', async () => {
    for (const bad of [
      [0xc0, 0xbc],
      [0xed, 0xb0, 0x80],
    ]) {
      const f = file('sneaky.yaml', Uint8Array.from([...Buffer.from('a: '), ...bad, 0x0a]));
      await expect(readPayloadText(f)).rejects.toThrow(/byte offset 3 \(line 1, column 4\)/);
    }
  });
});
