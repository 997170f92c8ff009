import { afterAll, describe, expect, it } from 'vitest';
import { validateJob } from '../../../../src/simulator/engine';
import { createEnginePort } from '../../../../src/simulator/engine-adapter';
import { startEngineThread } from '../../../../src/simulator/engine/engine-thread';
import { ValidationThread } from '../../../../src/simulator/engine/pool/validation-thread';
import { makeJob } from './support/devices';

/** A valid sampling functional object of about `bytes` bytes (~27k gates a megabyte). */
function bigFunctional(bytes: number): string {
  const lines = ['!Sampling', 'nshots: 10', 'circuit: !Circuit', '  nqubits: 20', '  gates:'];
  let size = 60;
  for (let i = 0; size < bytes; i++) {
    const line =
      i % 2
        ? `    - !CNOT {control: ${i % 20}, target: ${(i + 3) % 20}}`
        : `    - !H {qubit: ${i % 20}}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

describe('validation on a thread of its own', () => {
  const thread = new ValidationThread();
  afterAll(() => thread.close());

  it('gives the very outcome validateJob gives on the calling thread', async () => {
    const valid = makeJob({ functionalYaml: bigFunctional(2_000) });
    const invalid = makeJob({
      functionalYaml:
        '!Sampling\nnshots: 10\ncircuit: !Circuit\n  nqubits: 2\n  gates:\n    - !CNOT {control: 0, target: 5}\n',
    });
    expect(validateJob(valid)).toBeNull();
    expect(await thread.validate(valid)).toBeNull();
    const here = validateJob(invalid);
    expect(here?.ok).toBe(false);
    expect(await thread.validate(invalid)).toEqual(here);
  });

  it('leaves the server’s event loop free while a megabyte payload is checked', async () => {
    const port = createEnginePort({ size: 1 });
    try {
      const job = makeJob({ functionalYaml: bigFunctional(1_000_000) });
      let turns = 0;
      let done = false;
      const turn = (): void => {
        turns++;
        if (!done) setImmediate(turn);
      };
      setImmediate(turn);
      const outcome = await port.validate(job);
      done = true;
      expect(outcome).toEqual({ ok: true });
      // Checked on this thread, the whole validation is one turn of the loop: nothing else runs.
      expect(turns).toBeGreaterThan(0);
    } finally {
      await port.close();
    }
  });

  it('lets its young generation grow past the default, a job thread not', async () => {
    const validating = startEngineThread(undefined, { role: 'validate' });
    const running = startEngineThread(undefined, { role: 'job' });
    try {
      await Promise.all([validating, running].map((w) => new Promise((r) => w.once('online', r))));
      expect(validating.resourceLimits?.maxYoungGenerationSizeMb).toBe(96);
      expect(running.resourceLimits?.maxYoungGenerationSizeMb).not.toBe(96);
    } finally {
      await Promise.all([validating.terminate(), running.terminate()]);
    }
  });

  it('rejects what is waiting when it is closed, and refuses new work', async () => {
    const t = new ValidationThread();
    const waiting = expect(
      t.validate(makeJob({ functionalYaml: bigFunctional(200_000) })),
    ).rejects.toThrow(/closed/);
    await t.close();
    await waiting;
    await expect(t.validate(makeJob({ functionalYaml: bigFunctional(100) }))).rejects.toThrow(
      /closed/,
    );
  });
});
