import { describe, expect, it } from 'vitest';
import { runJob } from '../../../../src/simulator/engine';
import type { EngineProgress } from '../../../../src/simulator/engine';
import { makeJob } from './support/devices';

function wideCircuit(layers: number): string {
  const gates: string[] = [];
  for (let l = 0; l < layers; l++)
    for (let q = 0; q < 18; q++) gates.push(`    - !RX {qubit: ${q}, theta: 0.3}`);
  return `!Sampling\nnshots: 100\ncircuit: !Circuit\n  nqubits: 18\n  gates:\n${gates.join('\n')}\n`;
}

describe('runJob on the calling thread', () => {
  it('yields while computing, so an AbortSignal stops it with an AbortError', async () => {
    const controller = new AbortController();
    const started = performance.now();
    // 36,000 gates on 18 qubits: about half a minute to run in full on a fast machine, so an end
    // well inside that is the abort's doing, however loaded the machine is.
    const running = runJob(
      makeJob({ functionalYaml: wideCircuit(2000) }),
      undefined,
      controller.signal,
    );
    setTimeout(() => controller.abort(), 50);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('rejects with the signal reason (e.g. a timeout)', async () => {
    // A timeout that fires before the run's first yield, however fast the machine.
    await expect(
      runJob(makeJob({ functionalYaml: wideCircuit(200) }), undefined, AbortSignal.timeout(1)),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('reports progress from 0 to 1 with readable messages', async () => {
    const progress: EngineProgress[] = [];
    const out = await runJob(
      makeJob({
        executeType: 'time_evolution',
        functionalYaml:
          '!TimeEvolution\nschedule: !Schedule {T: 400, dt: 1, hamiltonians: {h: "X0 X1 + Z0 + 0.5 Y1"}, coefficients: {h: 1}}\nobservables: ["Z0"]\ninitial_state: "00"\nstore_intermediate_results: true\n',
      }),
      (p) => progress.push(p),
    );
    expect(out.ok).toBe(true);
    expect(progress[0]).toEqual({ fraction: 0, message: 'started' });
    expect(progress.at(-1)).toEqual({ fraction: 1, message: 'done' });
    for (let i = 1; i < progress.length; i++)
      expect(progress[i]!.fraction).toBeGreaterThanOrEqual(progress[i - 1]!.fraction);
    const middle = progress.slice(1, -1);
    for (const p of middle) expect(p.message).toMatch(/^t = [\d.]+\/400$/);
  });
});
