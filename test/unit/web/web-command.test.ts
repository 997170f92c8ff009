import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseWebArgs, runWebCommand } from '../../../src/cli/commands/web';

const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-web-cmd-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) },
  };
}

describe('qjob web', () => {
  it('reads its options', () => {
    expect(parseWebArgs(['--port', '8123', '--variant', 'B', '--data', dir, '--no-open'])).toEqual({
      port: 8123,
      variant: 'B',
      dataDir: dir,
      open: false,
      newLink: false,
    });
    expect(parseWebArgs([])).toMatchObject({ port: 0, open: true, newLink: false });
    expect(parseWebArgs(['--new-link', '--data', dir])).toMatchObject({
      newLink: true,
      dataDir: dir,
    });
    expect(parseWebArgs(['--help'])).toBe('help');
  });

  it('refuses bad options with exit code 2 and the usage', async () => {
    for (const argv of [
      ['--port', 'x'],
      ['--port', '70000'],
      ['--variant', 'C'],
      ['--data', ''],
      ['--bogus'],
      ['--new-link', '--port', '8123'],
    ]) {
      const { err, io: streams } = io();
      expect(await runWebCommand(argv, streams), argv.join(' ')).toBe(2);
      expect(err.join('')).toMatch(/^qjob web: .+ \(see qjob web --help\)\n$/);
    }
  });

  it('says to build first when the app bundle is missing (exit code 1)', async () => {
    const { err, out, io: streams } = io();
    const code = await runWebCommand(['--no-open', '--data', dir], {
      ...streams,
      rendererDir: path.join(dir, 'none'),
    });
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err.join('')).toMatch(/^qjob web: .*run npm run build first\.\n$/);
  });
});
