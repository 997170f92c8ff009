import type { DigitalFunctional } from '../../dialect/functionals';
import type { ParamTable } from '../../dialect/numbers';
import type { Readout } from '../../dialect/readouts';
import { circuitPython } from './circuit';
import { readoutLines } from './readout-0-2';
import type { PythonFunctional } from './sampling-0-1';

/*
 * Variant A's `digital_propagation` with its readouts as qilisdk 0.2.1.post1 Python:
 * src/qilisdk/functionals/__init__.py exports `DigitalPropagation`
 * (src/qilisdk/functionals/digital_propagation.py: `DigitalPropagation(circuit)`); the readouts
 * as readout-0-2.ts writes them.
 */

export function digitalPropagationPython(
  f: DigitalFunctional,
  readouts: readonly Readout[],
  params: ParamTable,
): PythonFunctional {
  const analog = new Set<string>();
  const readout = readoutLines(readouts, analog, 'a digital propagation');
  const circuit = circuitPython(f.circuit, 'circuit', 'A', params);
  return {
    imports: circuit.imports
      .add('qilisdk.analog', ...analog)
      .add('qilisdk.functionals', 'DigitalPropagation')
      .add('qilisdk.readout', 'Readout')
      .lines(),
    lines: [...circuit.lines, '', 'functional = DigitalPropagation(circuit)', ...readout],
    readout: true,
  };
}
