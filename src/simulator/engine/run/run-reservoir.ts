import type { Readout } from '../../../shared/dialect/readouts';
import type { QuantumReservoir } from '../../../shared/dialect/reservoir';
import { runCircuit } from '../physics/circuit-runner';
import { StepLimitError } from '../physics/taylor';
import { evolve } from '../physics/evolution';
import { prepareDensity } from '../physics/prepare';
import type { Tagged, YValue } from '../results/tagged-yaml';
import { applyReadouts, functionalResult } from './evaluate-a';
import { SimulationError, stepLimit } from './prepare-functional';
import type { RunContext } from './run-context';
import type { Work } from './work';

/**
 * A quantum reservoir keeps its state from one input to the next (that is its memory). Per
 * input: bind the encoding parameters, run every layer (encoding circuit, schedule, reset of
 * the listed qubits), then read out. The state is a density matrix because a reset of an
 * entangled qubit leaves the rest mixed; the readouts are ensemble values, as a device would
 * report by re-running the sequence for each shot.
 */
export async function runReservoir(
  r: QuantumReservoir,
  readouts: readonly Readout[],
  ctx: RunContext,
  work: Work,
): Promise<Tagged> {
  const n = r.nqubits;
  const dm = prepareDensity(r.initial, n);
  const declared = ctx.parsed.ctx.params.initialValues();
  const all = Array.from({ length: n }, (_, q) => q);
  const intermediate: YValue[] = [];
  let last: Tagged[] = [];
  const total = r.inputs.length;
  for (let idx = 0; idx < total; idx++) {
    const input = r.inputs[idx]!;
    const values = new Map([...declared, ...input]);
    const step = work.scoped(idx / total, (idx + 1) / total, true);
    for (const layer of r.layers) {
      if (layer.encoding)
        await runCircuit({ re: dm.re, im: dm.im, columnOffset: n }, layer.encoding, values, step);
      if (layer.dynamics) {
        try {
          await evolve(
            dm.re,
            dm.im,
            layer.dynamics,
            values,
            { densityQubits: n, maxSteps: ctx.limits.maxIntegratorSteps },
            step,
          );
        } catch (err) {
          if (err instanceof StepLimitError) throw stepLimit(ctx, layer.dynamics.ref.path);
          throw err;
        }
      }
      for (const q of layer.reset) dm.resetQubit(q);
    }
    const drift = Math.abs(dm.trace() - 1);
    if (drift > 1e-6) {
      throw new SimulationError(
        `!QuantumReservoir at ${r.ref.path}: the evolution lost accuracy at input ${idx} (trace drift ${drift.toExponential(2)})`,
        'The integrator keeps Tr ρ = 1 to about 1e-12; check the schedules for huge coefficients.',
      );
    }
    const out = applyReadouts(readouts, { kind: 'mixed', dm }, all, ctx, null);
    intermediate.push({ input: Object.fromEntries(input), readout_results: out.results });
    last = out.results;
    work.report((idx + 1) / total, `input ${idx + 1}/${total}`);
  }
  return functionalResult(last, intermediate);
}
