/**
 * The circuit diagram's model: plain data, made in the editor's analysis worker (and for a job's
 * payload) and drawn by the renderer. Columns are packed as a circuit drawer packs them
 * (`layout.ts`); every item keeps the source lines it was read from.
 */

/** How an item is drawn: a box, a CNOT's ⊕, a SWAP's ×–×, a measurement, an item not read. */
export type DiagramItemKind = 'box' | 'not' | 'swap' | 'measure' | 'unread';

export interface DiagramItem {
  kind: DiagramItemKind;
  /** The gate's name as the dialect spells it (`CNOT`, `RX`, `M`), or the unread item's tag. */
  name: string;
  /** The text in the box (`RX`, `Z` for a CZ's target, `H†`). */
  label: string;
  /**
   * Each angle, short: a constant (`0.5`) or a parameter as its name and value (`theta=0.5`; its
   * name alone when it has none). The box fits them in (renderer's angle-text.ts).
   */
  angles: string[];
  /** The wires the gate acts on (a box, the ⊕, the ×s, the measured qubits). */
  targets: number[];
  /** The wires drawn as control dots. */
  controls: number[];
  /** The lowest and highest wire it spans (controls included). */
  lo: number;
  hi: number;
  column: number;
  /** What a screen reader says: "CNOT, control 0, target 1", "RX(theta = 0.5), qubit 2". */
  accessibleName: string;
  /** The long form, with each parameter's value: "RX(theta = 0.5), qubit 2". */
  title: string;
  /** Its source lines (1-based, inclusive). */
  line: number;
  endLine: number;
  /** The problems reported on it (a qubit out of range, an unknown gate), one per line. */
  problem: string | undefined;
}

export interface CircuitDiagram {
  nqubits: number;
  columns: number;
  items: DiagramItem[];
  /** The line of the circuit itself. */
  line: number;
}

/** What the diagram shows for a payload. */
export type PayloadDiagram =
  | { state: 'none' }
  | { state: 'unreadable'; message: string }
  | { state: 'circuits'; circuits: CircuitDiagram[] };
