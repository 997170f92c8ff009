import type { DigitalFunctional } from '../../dialect/functionals';
import type { Readout } from '../../dialect/readouts';
import { circuitPython } from './circuit';
import { NotYetInPython } from './not-yet';
import { observablePython } from './pauli-sum';
import type { PythonFunctional } from './sampling-0-1';

/*
 * Variant A's `digital_propagation` with its readouts as qilisdk 0.2.1.post1 Python:
 * src/qilisdk/functionals/__init__.py exports `DigitalPropagation`
 * (src/qilisdk/functionals/digital_propagation.py: `DigitalPropagation(circuit)`);
 * src/qilisdk/readout/__init__.py exports `Readout` (src/qilisdk/readout/readout_spec.py:
 * `Readout()`, `.with_sampling(nshots=1000, expand_samples=True)`,
 * `.with_expectation(observables, nshots=0)`, `.with_state_tomography(method="exact")`, each
 * filling its own slot).
 */

function readoutCall(r: Readout, used: Set<string>): string {
  if (r.kind === 'sampling')
    return `.with_sampling(nshots=${r.nshots}${r.expandSamples ? '' : ', expand_samples=False'})`;
  if (r.kind === 'expectation') {
    const observables = r.observables.map((o) => observablePython(o, used, r.ref.path, false));
    return `.with_expectation(observables=[${observables.join(', ')}], nshots=${r.nshots})`;
  }
  return '.with_state_tomography(method="exact")';
}

export function digitalPropagationPython(
  f: DigitalFunctional,
  readouts: readonly Readout[],
): PythonFunctional {
  if (readouts.length === 0) throw new NotYetInPython('a digital propagation without a readout');
  const circuit = circuitPython(f.circuit, 'circuit');
  const analog = new Set<string>();
  const calls = readouts.map((r) => readoutCall(r, analog));
  return {
    imports: [
      ...(analog.size > 0 ? [`from qilisdk.analog import ${[...analog].sort().join(', ')}`] : []),
      `from qilisdk.digital import ${[...circuit.imports].sort().join(', ')}`,
      'from qilisdk.functionals import DigitalPropagation',
      'from qilisdk.readout import Readout',
    ],
    lines: [
      ...circuit.lines,
      '',
      'functional = DigitalPropagation(circuit)',
      ...(calls.length === 1
        ? [`readout = Readout()${calls[0]}`]
        : ['readout = (', '    Readout()', ...calls.map((c) => `    ${c}`), ')']),
    ],
    readout: true,
  };
}
