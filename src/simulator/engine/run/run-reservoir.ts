import type { Readout } from '../../../shared/dialect/readouts';
import type { QuantumReservoir } from '../../../shared/dialect/reservoir';
import { runCircuit } from '../circuits/circuit-runner';
import { StepLimitError } from '../physics/taylor';
import { evolve } from '../physics/evolution';
import { prepareDensity } from '../physics/prepare';
import type { SdkMap } from '../../../shared/sdk/node';
import { functionalResult } from '../../../shared/sdk/a/results';
import { applyReadouts } from './evaluate-a';
import { elapsedSeconds } from './sdk-states';
import { SimulationError, stepLimit } from './prepare-functional';
import type { RunContext } from './run-context';
import type { Work } from '../work';

/**
 * A quantum reservoir keeps its state from one input to the next (that is its memory). Per
 * input: bind the encoding parameters, run every layer (input encoding circuit, schedule, output
 * encoding circuit, reset of the listed qubits), except that the last layer's reset comes after
 * the readouts: the SDK's reservoir loop reads out, then resets for the next input. The state is a density matrix because a reset of an
 * entangled qubit leaves the rest mixed; the readouts are ensemble values, as a device would
 * report by re-running the sequence for each shot. As the SDK's reservoir loop returns it: the
 * readouts after the last input are the result's, those after each earlier input its
 * intermediate results (one `!ReadoutCompositeResults` per input); state tomography reads the
 * density matrix.
 */
export async function runReservoir(
  r: QuantumReservoir,
  readouts: readonly Readout[],
  ctx: RunContext,
  work: Work,
): Promise<SdkMap> {
  const n = r.nqubits;
  const dm = prepareDensity(r.initial, n);
  const declared = ctx.parsed.ctx.params.initialValues();
  const all = Array.from({ length: n }, (_, q) => q);
  const started = performance.now();
  const composites: SdkMap[] = [];
  const total = r.inputs.length;
  for (let idx = 0; idx < total; idx++) {
    const input = r.inputs[idx]!;
    const values = new Map([...declared, ...input]);
    const step = work.scoped(idx / total, (idx + 1) / total, true);
    const last = r.layers.length - 1;
    for (const [at, layer] of r.layers.entries()) {
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
      if (layer.output)
        await runCircuit({ re: dm.re, im: dm.im, columnOffset: n }, layer.output, values, step);
      if (at < last) for (const q of layer.reset) dm.resetQubit(q);
    }
    const drift = Math.abs(dm.trace() - 1);
    if (drift > 1e-6) {
      throw new SimulationError(
        `!QuantumReservoir at ${r.ref.path}: the evolution lost accuracy at input ${idx} (trace drift ${drift.toExponential(2)})`,
        'The integrator keeps Tr ρ = 1 to about 1e-12; check the schedules for huge coefficients.',
      );
    }
    composites.push(applyReadouts(readouts, { kind: 'mixed', dm }, all, ctx, null).composite);
    for (const q of r.layers[last]!.reset) dm.resetQubit(q);
    work.report((idx + 1) / total, `input ${idx + 1}/${total}`);
  }
  const final = composites.pop();
  if (!final)
    throw new SimulationError(
      `!QuantumReservoir at ${r.ref.path}: it has no inputs`,
      'Give it at least one input.',
    );
  return functionalResult(final, composites, elapsedSeconds(started));
}
