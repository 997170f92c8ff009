import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { dryRunPayload } from '../../../../src/core/batches/dry-run';

/**
 * A batch's dry run (the first member of a sweep, run before the batch is sent) is run by the
 * simulator on an engine thread, never on the thread that asked: in the desktop app that is
 * Electron's main process, which must keep answering every window. (Its limits:
 * test/unit/simulator/dry-run.test.ts.)
 */

/** A Variant B sampling payload: `layers` of RY on every qubit and a CNOT ladder. */
function circuitPayload(qubits: number, layers: number): string {
  const gates: string[] = [];
  for (let l = 0; l < layers; l++) {
    for (let q = 0; q < qubits; q++)
      gates.push(`        - !RY {qubit: ${q}, theta: ${(0.1 * (l + 1)).toFixed(1)}}`);
    for (let q = 0; q < qubits - 1; q++)
      gates.push(`        - !CNOT {control: ${q}, target: ${q + 1}}`);
  }
  return [
    'type: sampling',
    'sampling_payload:',
    '  sampling: !Sampling',
    '    nshots: 100',
    '    circuit: !Circuit',
    `      nqubits: ${qubits}`,
    '      gates:',
    ...gates,
    '',
  ].join('\n');
}

describe('a dry run', () => {
  it('of a 22-qubit circuit leaves the asking thread answering while it works', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const busyBefore = performance.eventLoopUtilization();
    const started = performance.now();
    const outcome = await dryRunPayload('B', circuitPayload(22, 6), 'sim.statevector');
    const elapsed = performance.now() - started;
    const busy = performance.eventLoopUtilization(busyBefore).utilization;
    delay.disable();
    expect(outcome.error).toBeNull();
    expect(outcome.resultYaml).toMatch(/!SamplingResult/);
    // The 22-qubit state (64 MiB) is worked on for a while …
    expect(elapsed).toBeGreaterThan(300);
    // … and this thread was mostly idle meanwhile, its loop never held for long: run on this
    // thread, it was busy over 80 % of the run and held for seconds at a time (a pass over the
    // whole state). Generous, relative bounds, not timing targets: a busy machine slows the
    // loop and the run alike.
    expect(busy).toBeLessThan(0.5);
    expect(delay.max / 1e6).toBeLessThan(elapsed / 10);
  }, 120_000);
});
