import type { Readout } from '../../dialect/readouts';
import { NotYetInPython } from './not-yet';
import { observablePython } from './pauli-sum';

/*
 * Variant A's readouts as qilisdk 0.2.1.post1 Python: src/qilisdk/readout/__init__.py exports
 * `Readout` (src/qilisdk/readout/readout_spec.py: `Readout()`,
 * `.with_sampling(nshots=1000, expand_samples=True)`, `.with_expectation(observables, nshots=0)`,
 * `.with_state_tomography(method="exact")`, each filling its own slot).
 */

function readoutCall(r: Readout, used: Set<string>, core?: Set<string>): string {
  if (r.kind === 'sampling')
    return `.with_sampling(nshots=${r.nshots}${r.expandSamples ? '' : ', expand_samples=False'})`;
  if (r.kind === 'expectation') {
    const observables = r.observables.map((o) =>
      observablePython(o, used, r.ref.path, false, core),
    );
    return `.with_expectation(observables=[${observables.join(', ')}], nshots=${r.nshots})`;
  }
  return '.with_state_tomography(method="exact")';
}

/**
 * The lines that bind `readout`; `analog` collects the names of `qilisdk.analog` they use, `core`
 * those of `qilisdk.core` (a QTensor observable; without `core` one is refused).
 */
export function readoutLines(
  readouts: readonly Readout[],
  analog: Set<string>,
  what: string,
  core?: Set<string>,
): string[] {
  if (readouts.length === 0) throw new NotYetInPython(`${what} without a readout`);
  const calls = readouts.map((r) => readoutCall(r, analog, core));
  return calls.length === 1
    ? [`readout = Readout()${calls[0]}`]
    : ['readout = (', '    Readout()', ...calls.map((c) => `    ${c}`), ')'];
}
