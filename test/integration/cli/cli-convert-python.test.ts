import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli-runner';

/**
 * `qjob convert --to python`: the real CLI process reads a template and prints the script the
 * hand-written expected file holds; what the generator does not cover is refused, with nothing on
 * standard output.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-convert-python-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = () => ({ HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config') });

describe('qjob convert --to python', () => {
  it.each([
    ['A', 'bell'],
    ['B', 'bell'],
    ['B', 'time-evolution'],
    ['B', 'qaoa'],
  ])('prints the expected script for Variant %s %s', async (variant, name) => {
    const v = variant.toLowerCase();
    const run = await runCli(
      [
        'convert',
        `resources/templates/${v}/${name}.yaml`,
        '--to',
        'python',
        '--device',
        'sim.statevector',
        '--variant',
        variant,
      ],
      { env: env() },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(readFileSync(`test/fixtures/python/${v}/${name}.py`, 'utf8'));
  });

  it('refuses an execute type it does not cover yet, naming it, and prints no script', async () => {
    const run = await runCli(
      ['convert', 'resources/templates/b/rabi.yaml', '--to', 'python', '--variant', 'B'],
      { env: env() },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'resources/templates/b/rabi.yaml cannot be written as Python: not yet: the execute type rabi_experiment of Variant B',
    );
  });

  it('--device goes with --to python only', async () => {
    const run = await runCli(
      [
        'convert',
        'resources/templates/b/bell.yaml',
        '--to',
        'sdk',
        '--device',
        'x',
        '--variant',
        'B',
      ],
      { env: env() },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--device and --name go with --to python only');
  });

  it('its usage names --to python', async () => {
    const run = await runCli(['convert', '--help'], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--to python');
  });
});
