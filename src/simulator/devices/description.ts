import type { QubitParams } from '../engine/types';
import type { DeviceSpec } from './catalogue';

function point(p: { re: number; im: number }): string {
  return `(${p.re.toFixed(2)}, ${p.im.toFixed(2)})`;
}

function qubitText(q: QubitParams): string {
  return [
    `Rabi rate ${q.rabiRateMHz} MHz`,
    `T1 ${q.t1Us} µs`,
    `T2 ${q.t2Us} µs`,
    `readout error ${(q.readoutError * 100).toFixed(2)}%`,
    `|0⟩ at ${point(q.ground)}`,
    `|1⟩ at ${point(q.excited)}`,
  ].join(', ');
}

/**
 * The Device `description` (spec §2.3): what the hardware is, then the per-qubit parameters
 * the physics uses, so a user can predict a Rabi period or a T1 curve from the device panel.
 */
export function describeDevice(spec: DeviceSpec): string {
  const texts = spec.physical.qubits.map(qubitText);
  const uniform = texts.every((t) => t === texts[0]);
  const params = uniform
    ? `Every qubit: ${texts[0] ?? 'no qubits'}.`
    : `Qubits: ${texts.map((t, i) => `q${i}: ${t}`).join('; ')}.`;
  return `${spec.summary} ${params}`;
}
