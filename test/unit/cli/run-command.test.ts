import { describe, expect, it } from 'vitest';
import { commandArgs } from '../../../src/cli/args';
import { EXIT } from '../../../src/cli/exit-codes';
import { runCommand } from '../../../src/cli/run-command';

/** What a command printed, and whether its body ran. */
async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let ran: unknown = null;
  const code = await runCommand(
    'demo',
    'usage: qjob demo [--count N]\n',
    { stdout: (t) => out.push(t), stderr: (t) => err.push(t) },
    () => commandArgs(argv, { count: { type: 'string' } }),
    async ({ values }) => {
      ran = values;
      return EXIT.ok;
    },
  );
  return { code, out: out.join(''), err: err.join(''), ran };
}

describe('runCommand: the preamble every qjob command shares', () => {
  it.each([['--help'], ['-h'], ['--count', '3', '--help']])(
    'prints the usage for %s and runs nothing else',
    async (...argv) => {
      expect(await run(argv)).toEqual({
        code: EXIT.ok,
        out: 'usage: qjob demo [--count N]\n',
        err: '',
        ran: null,
      });
    },
  );

  it('runs the body with the parsed arguments otherwise', async () => {
    expect(await run(['--count', '3'])).toMatchObject({
      code: EXIT.ok,
      out: '',
      ran: { count: '3' },
    });
  });

  it('answers an unknown option with one line that points to the help', async () => {
    const { code, out, err, ran } = await run(['--cuont', '3']);
    expect({ code, out, ran }).toEqual({ code: EXIT.usage, out: '', ran: null });
    expect(err).toMatch(/^qjob demo: .*--cuont.*\(see qjob demo --help\)\n$/);
  });
});
