import { createDomainStore } from '../create-store';

/** A request to select lines in the editor (each request a new object, so the same lines twice is two requests). */
export interface LineRequest {
  line: number;
  endLine: number;
}

interface CaretState {
  /** The line of the editor's cursor (1-based), null before the editor has one. */
  line: number | null;
  /** The last request to select lines, for the editor to carry out. */
  request: LineRequest | null;
}

/**
 * Where the payload editor's cursor is, by line, and requests to move it: the circuit diagram
 * highlights the gate on the cursor's line and selects a gate's lines when one is chosen. The
 * editor (MonacoPane) reports its line and carries out the requests.
 */
export const useCaretStore = createDomainStore<
  CaretState,
  { setLine(line: number | null): void; selectLines(line: number, endLine: number): void }
>({ line: null, request: null }, (set) => ({
  setLine(line) {
    set({ line });
  },
  selectLines(line, endLine) {
    set({ request: { line, endLine } });
  },
}));
