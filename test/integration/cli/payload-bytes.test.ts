import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli-runner';

/**
 * A payload file that is not UTF-8 is refused with the byte offset, line and column of its first
 * bad byte (issue 11, item 15). It used to be decoded with U+FFFD in place of the bad bytes and
 * then reported valid: here the bad byte sits in a comment of an otherwise valid payload.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-cli-bytes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const VALID = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}
`;

/** VALID with `bad` bytes in a comment on line 2, after "# µ " (4 characters, 5 bytes). */
function withBytes(bad: number[]): Uint8Array {
  const [first, ...rest] = VALID.split('\n');
  return Uint8Array.from([
    ...Buffer.from(`${first}\n# µ `),
    ...bad,
    ...Buffer.from(`\n${rest.join('\n')}`),
  ]);
}

function write(name: string, bytes: Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

describe('payload files that are not UTF-8', () => {
  it('qjob validate refuses one with where its first bad byte is', async () => {
    const file = write('overlong.yaml', withBytes([0xc0, 0xaf]));
    const run = await runCli(['validate', file, '--variant', 'B']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toBe(
      `${file}:2:5: error: the file is not valid UTF-8: byte 0xC0 at byte offset 20 (line 2, column 5) begins an overlong encoding; save the file as UTF-8 [invalid_utf8]\n` +
        `${file}: not valid (1 error(s))\n`,
    );
    const json = JSON.parse((await runCli(['validate', file, '--variant', 'B', '--json'])).stdout);
    expect(json).toMatchObject({ valid: false, errors: [{ line: 2, column: 5 }] });
  });

  it('the same from standard input, and for a lone surrogate', async () => {
    const bytes = withBytes([0xed, 0xa0, 0x80]);
    const run = await runCli(['validate', '-', '--variant', 'B'], {
      io: {
        stdin: (async function* () {
          yield bytes.subarray(0, 21);
          yield bytes.subarray(21);
        })(),
      },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^<stdin>:2:5: error: the file is not valid UTF-8: byte 0xED at byte offset 20 \(line 2, column 5\) begins an encoded UTF-16 surrogate/,
    );
  });

  it('the file is fine once the byte is UTF-8 (the control)', async () => {
    const file = write('fixed.yaml', withBytes([...Buffer.from('é')]));
    expect((await runCli(['validate', file, '--variant', 'B'])).code).toBe(0);
  });

  it('qjob submit refuses it before anything is sent', async () => {
    const file = write('submit.yaml', withBytes([0xff]));
    // Nothing listens on port 9: reaching the network would fail differently (exit 4).
    const run = await runCli(
      [
        '--base-url',
        'http://127.0.0.1:9/api/v1',
        '--variant',
        'B',
        'submit',
        file,
        '--device',
        'sim.statevector',
      ],
      { env: { QJOB_CONFIG_DIR: dir, QJOB_NO_KEYCHAIN: '1' } },
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`${file}:2:5: error: the file is not valid UTF-8`);
    expect(run.stderr).toContain('nothing was submitted');
  });
});
