import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import { runCli } from '../../support/cli-runner';

/**
 * `qjob sweep` against the simulator over HTTP: a dry run checks and prints without sending, a
 * sweep sends one job per value named after its batch, waits for them, and the simulator ran
 * each payload with its own value.
 */
const DOC = `# An RY rotation
type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 200
    circuit: !Circuit
      nqubits: 1
      gates:
        - !RY {qubit: 0, theta: 0}   # swept
        - !M {qubits: [0]}
`;
const THETA = 'sampling_payload.sampling.circuit.gates[0].theta';

describe('qjob sweep', () => {
  let sim: SimulatorHandle;
  let dir: string;
  let file: string;
  let env: Record<string, string>;
  let conn: string[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-sweep-'));
    file = path.join(dir, 'ry.yaml');
    fs.writeFileSync(file, DOC);
    sim = await startSimulator({ variant: 'B', speed: 50, seed: 3, onProblem: () => undefined });
    env = { QJOB_CONFIG_DIR: path.join(dir, 'config'), QJOB_NO_KEYCHAIN: '1' };
    conn = ['--profile', 'simulator-b', '--base-url', sim.url];
  });
  afterAll(async () => {
    await sim.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('--dry-run prints the values and checks every payload, sending nothing', async () => {
    const run = await runCli(
      [
        'sweep',
        file,
        '--set',
        `${THETA}=0,pi`,
        '--set',
        `${THETA.replace('theta', 'qubit')}=0:1`,
        '--dry-run',
        '--json',
        ...conn,
      ],
      { env },
    );
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout) as { members: { values: number[]; valid: boolean }[] };
    expect(out.members.map((m) => [m.values, m.valid])).toEqual([
      [[0, 0], true],
      [[0, 1], false],
      [[Math.PI, 0], true],
      [[Math.PI, 1], false],
    ]);
    expect(run.stderr).toContain('qubit 1 is outside the circuit');
    const jobs = await runCli(['jobs', '--json', ...conn], { env });
    expect(JSON.parse(jobs.stdout)).toEqual([]);
  });

  it('sends one job per value, named after the batch, and --wait reports each', async () => {
    const run = await runCli(
      [
        'sweep',
        file,
        '--set',
        `${THETA}=linspace(0,pi,3)`,
        '--device',
        'sim.statevector',
        '--name',
        'RY',
        '--rate',
        '10',
        '--wait',
        '--json',
        ...conn,
      ],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as {
      name: string;
      members: {
        index: number;
        name: string;
        values: number[];
        state: string;
        job_id: number;
        status: string;
      }[];
    };
    expect(out.members.map((m) => [m.name, m.state, m.status])).toEqual([
      ['RY [1/3]', 'submitted', 'completed'],
      ['RY [2/3]', 'submitted', 'completed'],
      ['RY [3/3]', 'submitted', 'completed'],
    ]);
    // Each job ran its own payload: θ = 0 always reads 0, θ = π always reads 1.
    const counts = [];
    for (const m of out.members) {
      const job = await runCli(
        ['job', String(m.job_id), '--result', '--payload', '--json', ...conn],
        {
          env,
        },
      );
      const detail = JSON.parse(job.stdout) as { name: string; payload: unknown; result: unknown };
      expect(detail.name).toBe(m.name);
      counts.push((detail.result as { sampling_result: string }).sampling_result);
    }
    // The SDK's !SamplingResult (docs/sdk-wire.md, "Results"): `_samples` as a flow mapping.
    expect(counts[0]).toMatch(/^_samples: \{'0': 200\}$/m);
    expect(counts[2]).toMatch(/^_samples: \{'1': 200\}$/m);

    // A second batch of the same name gets a name of its own: its members find only their jobs.
    const again = await runCli(
      [
        'sweep',
        file,
        '--set',
        `${THETA}=0`,
        '--device',
        'sim.statevector',
        '--name',
        'RY',
        ...conn,
      ],
      { env },
    );
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('batch RY (2): 1 payloads');
  });

  it('says what is wrong with --set', async () => {
    const run = await runCli(['sweep', file, '--set', 'nothing', '--dry-run', ...conn], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--set takes PATH=VALUES');
    const missing = await runCli(
      ['sweep', file, '--set', 'sampling_payload.shots=1', '--dry-run', ...conn],
      { env },
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("the payload has no 'shots' at sampling_payload");
  });
});
