import type { ParamTable } from '../../dialect/numbers';
import type { QuantumReservoir } from '../../dialect/reservoir';
import { circuitLines } from './circuit';
import { initialStateText, scheduleLines } from './evolution';
import { floatText, stringText } from './scalars';

/** `!QuantumReservoir` lines: its layers (encodings, dynamics, resets), inputs, initial state. */
export function reservoirLines(r: QuantumReservoir, params: ParamTable, indent: string): string[] {
  const lines = ['!QuantumReservoir'];
  if (r.initial) lines.push(`${indent}initial_state: ${initialStateText(r.initial)}`);
  lines.push(`${indent}layers:`);
  const at = `${indent}    `;
  const field = (key: string, [first = '', ...rest]: string[]) => [
    `${at}${key}: ${first}`,
    ...rest,
  ];
  for (const layer of r.layers) {
    lines.push(`${indent}  - !ReservoirLayer`);
    if (layer.encoding)
      lines.push(...field('input_encoding', circuitLines(layer.encoding, params, `${at}  `)));
    if (layer.dynamics)
      lines.push(...field('evolution_dynamics', scheduleLines(layer.dynamics, params, `${at}  `)));
    if (layer.output)
      lines.push(...field('output_encoding', circuitLines(layer.output, params, `${at}  `)));
    if (layer.reset.length > 0) lines.push(`${at}qubits_to_reset: [${layer.reset.join(', ')}]`);
  }
  lines.push(`${indent}inputs:`);
  for (const input of r.inputs) {
    const pairs = [...input].map(([name, value]) => `${stringText(name)}: ${floatText(value)}`);
    lines.push(`${indent}  - {${pairs.join(', ')}}`);
  }
  return lines;
}
