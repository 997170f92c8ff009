import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../../support/cli-runner';

/**
 * `qjob validate` runs the payload dialect's checks offline, as the simulator's validating step
 * does: a payload the schema accepts but the simulator would refuse is not valid, and each
 * problem is named with its line and column (issue 10, "Valid is not valid").
 */

const PAYLOADS = path.join(REPO_ROOT, 'test/integration/cli/payloads');
const file = (name: string) => path.join('test/integration/cli/payloads', name);

describe('qjob validate: the dialect', () => {
  it('rejects a CNOT on qubit 5 of 3 and negative shots, with line and column', async () => {
    const run = await runCli(['validate', file('b-out-of-range.yaml'), '--variant', 'B']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout.split('\n')).toEqual([
      `${file('b-out-of-range.yaml')}:5:13: error: nshots: -5 is out of range; expected a positive integer (at sampling_payload.sampling.nshots) [dialect.range]`,
      `${file('b-out-of-range.yaml')}:10:39: error: gate !CNOT: qubit 5 is outside the circuit (nqubits: 3); expected a qubit index from 0 to 2 (at sampling_payload.sampling.circuit.gates[1].target) [dialect.qubit_range]`,
      `${file('b-out-of-range.yaml')}: not valid (2 error(s))`,
      '',
    ]);
  });

  it('rejects a gate on qubit 7 of 2 (Variant A), also as JSON', async () => {
    const run = await runCli(
      ['validate', path.join(PAYLOADS, 'a-out-of-range.yaml'), '--variant', 'A', '--json'],
      {},
    );
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      valid: false,
      errors: [
        {
          path: 'digital_propagation_payload.digital_propagation.circuit.gates[0].qubit',
          message:
            'gate !H: qubit 7 is outside the circuit (nqubits: 2); expected a qubit index from 0 to 1',
          line: 8,
          column: 23,
        },
      ],
      warnings: [],
    });
  });

  it('a failing payload the schema accepts is now caught before it is sent', async () => {
    const run = await runCli(['validate', file('b-cnot-error.yaml'), '--variant', 'B']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(':10:11: error: gate !CNOT: control equals target');
  });

  it('tags and keys the dialect does not know are warnings: still valid', async () => {
    const run = await runCli(['validate', '-', '--variant', 'B'], {
      stdin: `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    priority: high
    circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}
`,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(
      '<stdin>:5:5: warning: !Sampling: unknown key "priority"; expected one of: circuit, nshots',
    );
    expect(run.stdout).toContain('<stdin>: valid (Variant B, sampling), 1 warning(s)');
  });

  it('without --variant, takes the connection’s variant, or says how to give one', async () => {
    const configDir = await mkdtemp(path.join(tmpdir(), 'qjob-validate-'));
    try {
      const bell = path.join(REPO_ROOT, 'resources/templates/b/bell.yaml');
      const none = await runCli(['validate', bell], { env: { QJOB_CONFIG_DIR: configDir } });
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('which variant? pass --variant A|B');
      const env = {
        QJOB_CONFIG_DIR: configDir,
        QJOB_BASE_URL: 'http://127.0.0.1:9/api/v1',
        QJOB_VARIANT: 'B',
      };
      const fromConnection = await runCli(['validate', bell], { env });
      expect(fromConnection.code, fromConnection.stderr).toBe(0);
      expect(fromConnection.stdout).toContain('valid (Variant B, sampling)');
    } finally {
      await rm(configDir, { recursive: true, force: true });
    }
  });
});
