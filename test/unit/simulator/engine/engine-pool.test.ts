import { afterAll, describe, expect, it } from 'vitest';
import { EnginePool, runJob } from '../../../../src/simulator/engine';
import type { EngineProgress } from '../../../../src/simulator/engine';
import { makeJob } from './support/devices';
import { expectOk, parseResult } from './support/results';

const WIDTH = 18;

/** A job that keeps a worker busy for a while: an 18-qubit circuit with many layers. */
function heavyJob(layers: number): ReturnType<typeof makeJob> {
  const gates: string[] = [];
  for (let l = 0; l < layers; l++) {
    for (let q = 0; q < WIDTH; q++) gates.push(`    - !RY {qubit: ${q}, theta: ${0.1 * (l + 1)}}`);
    for (let q = 0; q < WIDTH - 1; q++) gates.push(`    - !CNOT {control: ${q}, target: ${q + 1}}`);
  }
  return makeJob({
    functionalYaml: `!Sampling\nnshots: 2000\ncircuit: !Circuit\n  nqubits: ${WIDTH}\n  gates:\n${gates.join('\n')}\n`,
  });
}

describe('EnginePool (worker threads)', () => {
  const pool = new EnginePool({ size: 2 });
  afterAll(() => pool.close());

  it('runs a job off the main thread: the event loop keeps ticking meanwhile', async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const progress: EngineProgress[] = [];
    const started = performance.now();
    const outcome = await pool.run(heavyJob(8), (p) => progress.push(p));
    const elapsed = performance.now() - started;
    clearInterval(timer);
    const r = parseResult(expectOk(outcome).yaml);
    expect(r.$tag).toBe('!SamplingResult');
    expect(elapsed).toBeGreaterThan(300);
    // The timer kept firing while the job ran: no gap anywhere near the job's length (run
    // in-process, the whole job would be one gap). Relative bounds: a loaded CI machine slows
    // the timer and the job alike.
    expect(longestGap).toBeLessThan(elapsed / 2);
    expect(ticks).toBeGreaterThan(elapsed / 50);
    // Progress crosses the thread boundary in order. The milestones are certain; how many
    // per-gate reports fall between them depends on the machine's speed, so none is required.
    const messages = progress.map((p) => p.message);
    expect(messages[0]).toBe('started');
    expect(messages).toContain('sampling 2000 shots');
    expect(messages.at(-1)).toBe('done');
    expect(progress.at(-1)?.fraction).toBe(1);
    const fractions = progress.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(
      messages.filter(
        (m) => !/^(started|done|sampling \d+ shots|gates: pass \d+\/\d+ over the state)$/.test(m),
      ),
    ).toEqual([]);
  });

  it('gives the same result as running in-process (same seed)', async () => {
    const job = makeJob({
      functionalYaml:
        '!Sampling\nnshots: 300\ncircuit: !Circuit {nqubits: 3, gates: [!H {qubit: 0}, !RY {qubit: 2, theta: 0.7}]}\n',
      seed: 99,
    });
    expect(await pool.run(job)).toEqual(await runJob(job));
  });

  it('aborting a running job terminates its worker; the pool keeps serving', async () => {
    const controller = new AbortController();
    // Long enough that no machine finishes it before the abort (the engine got fast): the
    // abort comes at its first progress report, or after 300 ms, whichever is first.
    const running = pool.run(heavyJob(2000), () => controller.abort(), controller.signal);
    setTimeout(() => controller.abort(), 300);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    const after = await pool.run(
      makeJob({
        functionalYaml:
          '!Sampling\nnshots: 5\ncircuit: !Circuit {nqubits: 1, gates: [!X {qubit: 0}]}\n',
      }),
    );
    expect(parseResult(expectOk(after).yaml).samples).toEqual({ '1': 5 });
  });

  it('queues jobs beyond its size and reports validation errors as outcomes', async () => {
    const jobs = [1, 2, 3, 4].map((k) =>
      makeJob({
        functionalYaml: `!Sampling\nnshots: ${k}\ncircuit: !Circuit {nqubits: 1, gates: [!X {qubit: 0}]}\n`,
      }),
    );
    const outcomes = await Promise.all(jobs.map((j) => pool.run(j)));
    expect(outcomes.map((o) => parseResult(expectOk(o).yaml).nshots)).toEqual([1, 2, 3, 4]);
    const bad = await pool.run(
      makeJob({
        functionalYaml:
          '!Sampling\nnshots: 5\ncircuit: !Circuit {nqubits: 1, gates: [!CX {qubit: 0}]}\n',
      }),
    );
    expect(bad.ok).toBe(false);
  });

  it('an already-aborted signal rejects at once; a closed pool refuses work', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(pool.run(heavyJob(1), undefined, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    const closed = new EnginePool({ size: 1 });
    await closed.close();
    await expect(closed.run(heavyJob(1))).rejects.toThrow(/closed/);
  });
});
