import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import { runCli } from '../../support/cli-runner';

/**
 * `qjob devices --history CODE` against the simulator: Altair is in maintenance at start (for
 * 504 simulated seconds with seed 1, about 5 s at speed 100), so a look before and a look after
 * show both bands, each seen once however many times it was looked at.
 */
describe('qjob devices --history', () => {
  let sim: SimulatorHandle;
  let configDir: string;
  let env: Record<string, string>;
  let conn: string[];

  beforeAll(async () => {
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-cli-history-'));
    sim = await startSimulator({ variant: 'B', speed: 100, seed: 1, onProblem: () => undefined });
    env = { QJOB_CONFIG_DIR: configDir, QJOB_NO_KEYCHAIN: '1' };
    conn = ['--base-url', sim.url, '--variant', 'B'];
    const login = await runCli(['login', '--user', 'demo', '--api-key-stdin', ...conn], {
      env,
      stdin: 'demo\n',
    });
    expect(login.code, login.stderr).toBe(0);
  });
  afterAll(async () => {
    await sim.stop();
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  it('prints the statuses it saw, each once, oldest first', async () => {
    const history = async () => {
      const run = await runCli(['devices', '--history', 'qpu.digital.altair', ...conn], { env });
      expect(run.code, run.stderr).toBe(0);
      return run.stdout;
    };
    expect(await history()).toMatch(/Altair \(qpu\.digital\.altair\) over the last 7 days/);
    expect(await history()).toMatch(/maintenance\n$/);
    // Until the maintenance ends (about 5 s): then the next look adds the change.
    let out = '';
    for (let i = 0; i < 100 && !/online/.test(out); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      out = await history();
    }
    const rows = out.trimEnd().split('\n').slice(2);
    expect(rows.map((r) => r.split(/\s{2,}/).at(-1))).toEqual(['maintenance', 'online']);

    const json = await runCli(
      ['devices', '--history', 'qpu.digital.altair', '--days', '1', '--json', ...conn],
      { env },
    );
    const parsed = JSON.parse(json.stdout) as { entries: { kind: string; value: string }[] };
    expect(parsed.entries.map((e) => e.value)).toEqual(['maintenance', 'online']);
  });

  it('says which devices there are when the code is wrong, and checks --days', async () => {
    const wrong = await runCli(['devices', '--history', 'nope', ...conn], { env });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/no device 'nope'.*qpu\.digital\.sirius/);
    const days = await runCli(
      ['devices', '--history', 'qpu.digital.altair', '--days', '99', ...conn],
      {
        env,
      },
    );
    expect(days.code).toBe(2);
    expect(days.stderr).toMatch(/--days/);
  });
});
