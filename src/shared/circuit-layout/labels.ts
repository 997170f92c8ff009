import type { Gate } from '../dialect/circuit-model';
import type { Num } from '../dialect/numbers';
import type { DiagramItemKind } from './diagram-model';

/** A parameter's value by its name (undefined when it was not declared). */
export type ParamValueOf = (name: string) => number | undefined;

/** A number short enough for a gate's box: three significant digits. */
export function shortNumber(value: number): string {
  const plain = String(value);
  // Most angles are written short (0.25, 1.5708 is not): only a long one is rounded.
  if (plain.length <= 5 || !Number.isFinite(value)) return plain;
  return String(Number(value.toPrecision(3)));
}

/** An angle in the box: a constant short, a parameter as `name=value` (its name alone if unknown). */
function angleText(num: Num, valueOf: ParamValueOf): string {
  if (num.kind === 'const') return shortNumber(num.value);
  const value = valueOf(num.name);
  return value === undefined ? num.name : `${num.name}=${shortNumber(value)}`;
}

/**
 * An angle in words: `theta = 0.5`, a constant as it is. `short` rounds the numbers as the box
 * does (what a screen reader says: "RX(1.05)", not sixteen digits); the tooltip has them whole.
 */
function angleTitle(num: Num, valueOf: ParamValueOf, short = false): string {
  const shown = (v: number) => (short ? shortNumber(v) : String(v));
  if (num.kind === 'const') return shown(num.value);
  const value = valueOf(num.name);
  return value === undefined ? num.name : `${num.name} = ${shown(value)}`;
}

const listed = (qubits: readonly number[]) =>
  qubits.length <= 1
    ? qubits.join('')
    : `${qubits.slice(0, -1).join(', ')} and ${qubits[qubits.length - 1]}`;

const plural = (word: string, qubits: readonly number[]) =>
  `${word}${qubits.length === 1 ? '' : 's'} ${listed(qubits)}`;

/** How a gate of the model is drawn and named. */
export interface GateFace {
  kind: DiagramItemKind;
  label: string;
  angles: string[];
  targets: number[];
  controls: number[];
  accessibleName: string;
  title: string;
}

const MODIFIED: Record<NonNullable<Gate['modifier']>, (label: string) => string> = {
  adjoint: (label) => `${label}†`,
  exponential: (label) => `exp(${label})`,
};

/** A gate's face: CNOT and a controlled X as ⊕ under dots, SWAP as ×–×, every other gate a box. */
export function gateFace(gate: Gate, valueOf: ParamValueOf): GateFace {
  const own =
    gate.name === 'CNOT' || gate.name === 'CZ' || gate.name.startsWith('CR') || gate.name === 'CU1';
  const controls = [...(gate.controls ?? []), ...(own ? gate.qubits.slice(0, 1) : [])];
  const targets = own ? gate.qubits.slice(1) : [...gate.qubits];
  const base = own && gate.name !== 'CNOT' ? gate.name.slice(1) : gate.name;
  const label = gate.modifier ? MODIFIED[gate.modifier](base) : base;
  const kind: DiagramItemKind =
    gate.modifier === undefined &&
    (gate.name === 'CNOT' || (gate.name === 'X' && controls.length > 0))
      ? 'not'
      : gate.name === 'SWAP' && gate.modifier === undefined
        ? 'swap'
        : 'box';
  const angles = gate.angles.map((a) => angleText(a, valueOf));
  const args = (texts: string[]) => (texts.length > 0 ? `(${texts.join(', ')})` : '');
  const where =
    controls.length > 0
      ? `${plural('control', controls)}, ${plural('target', targets)}`
      : plural('qubit', targets);
  const gateName = gate.modifier ? MODIFIED[gate.modifier](gate.name) : gate.name;
  // The tooltip has each value in full; a screen reader says them as short as the box shows them.
  const title = `${gateName}${args(gate.angles.map((a) => angleTitle(a, valueOf)))}, ${where}`;
  const spoken = `${gateName}${args(gate.angles.map((a) => angleTitle(a, valueOf, true)))}, ${where}`;
  const prefix = (gate.controls?.length ?? 0) > 0 ? 'controlled ' : '';
  return {
    kind,
    label,
    angles,
    targets,
    controls,
    accessibleName: `${prefix}${spoken}`,
    title: `${prefix}${title}`,
  };
}

/** A measurement's face. */
export function measureFace(qubits: readonly number[]): GateFace {
  const name = `Measurement, ${plural('qubit', qubits)}`;
  return {
    kind: 'measure',
    label: 'M',
    angles: [],
    targets: [...qubits],
    controls: [],
    accessibleName: name,
    title: name,
  };
}
