import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli-runner';
import { DIGITAL_CASES, documentOf, requestOf, variantOf } from '../../support/sdk-digital-corpus';

/**
 * The wire as qjob writes it, held to the bytes the SDK's own client sent (the corpus' requests):
 * each request's SDK document is converted to the friendly dialect (`qjob convert --to friendly`),
 * and that friendly text, submitted with `--dry-run`, must give back the SDK client's POST /execute
 * body byte for byte. No service is reached: the connection's URL is a closed port.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-sdk-wire-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOWHERE = ['--base-url', 'http://127.0.0.1:9/api/v1'];
const env = () => ({ HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config') });

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

// 0.2.1.post1's requests are read (the unit corpus tests); the app writes main's form for A.
const CASES = DIGITAL_CASES.filter((c) => c.version !== 'A-0.2.1.post1');

describe.each(CASES)('$version $name', (c) => {
  const variant = variantOf(c);
  const { body } = requestOf(c);
  const envelope = JSON.parse(body) as { device_code: string; name?: string };

  it('friendly text from the SDK form, and --dry-run sends the SDK client’s exact body', async () => {
    const sdkFile = write(`${c.name}.sdk.yaml`, documentOf(c));
    const friendly = await runCli(['convert', sdkFile, '--to', 'friendly', '--variant', variant], {
      env: env(),
    });
    expect(friendly.code, friendly.stderr).toBe(0);
    const kept = friendly.stderr
      .split('\n')
      .filter((l) => l.includes("kept in the SDK's form"))
      .map((l) => l.split(": kept in the SDK's form: ")[1]!.split(':')[0]);
    expect(kept).toEqual(c.islands);
    if (c.islands.length === 0) expect(friendly.stdout).not.toMatch(/^\s*_\w+:/m);

    const friendlyFile = write(`${c.name}.yaml`, friendly.stdout);
    const run = await runCli(
      [
        'submit',
        friendlyFile,
        '--device',
        envelope.device_code,
        ...(envelope.name ? ['--name', envelope.name] : []),
        '--dry-run',
        ...NOWHERE,
        '--variant',
        variant,
      ],
      { env: env() },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${body.trimEnd()}\n`);
  });
});

describe('qjob submit --dry-run', () => {
  it('with the built-in simulator profile sends nothing and starts no simulator', async () => {
    const home = mkdtempSync(path.join(dir, 'home-'));
    const file = write(
      'dry.yaml',
      '# title: dry bell\ntype: sampling\nsampling_payload:\n  sampling: !Sampling\n    nshots: 10\n    circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}\n',
    );
    const run = await runCli(
      ['submit', file, '--device', 'sim.statevector', '--dry-run', '--profile', 'simulator-b'],
      { env: { HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') } },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      device_code: 'sim.statevector',
      name: 'dry bell',
    });
    expect(run.stderr).not.toContain('simulator');
    expect(existsSync(path.join(home, 'config', 'quantum-job-studio', 'simulator'))).toBe(false);
  });
});

describe('qjob convert', () => {
  it('--to sdk writes the payload document the service reads; errors are said by line', async () => {
    const file = write(
      'bell.yaml',
      'type: sampling\nsampling_payload:\n  sampling: !Sampling\n    nshots: 10\n    circuit: !Circuit {nqubits: 2, gates: [!H {qubit: 0}, !CNOT {control: 0, target: 1}]}\n',
    );
    const run = await runCli(['convert', file, '--to', 'sdk', '--variant', 'B'], { env: env() });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^type: sampling\nsampling_payload:\n {2}sampling: !Sampling\n/);
    expect(run.stdout).toContain('_control_qubits: !tuple [0]');
    const bad = write(
      'bad.yaml',
      'type: sampling\nsampling_payload:\n  sampling: !Sampling\n    nshots: 10\n    circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 3}]}\n',
    );
    const refused = await runCli(['convert', bad, '--to', 'sdk', '--variant', 'B'], { env: env() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5:\\d+: error: `, 'm'),
    );
    expect(refused.stdout).toBe('');
  });

  it('needs --to', async () => {
    const run = await runCli(['convert', 'x.yaml', '--variant', 'B'], { env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('missing --to sdk|friendly|python');
  });
});
