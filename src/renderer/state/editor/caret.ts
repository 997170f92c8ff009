import { createDomainStore } from '../create-store';

/** A request to select lines in the editor (each request a new object, so the same lines twice is two requests). */
export interface LineRequest {
  line: number;
  endLine: number;
  /** For this tab only: carried out once the editor shows it (a tab just opened). */
  tabId?: string;
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
 * editor (MonacoPane) reports its line and carries out the requests; one for a tab waits until
 * the editor shows that tab (a job's payload opened at a gate), then is settled.
 */
export const useCaretStore = createDomainStore<
  CaretState,
  {
    setLine(line: number | null): void;
    selectLines(line: number, endLine: number, tabId?: string): void;
    /** The request was carried out: it is not carried out again when its tab comes back. */
    settle(request: LineRequest): void;
  }
>({ line: null, request: null }, (set, get) => ({
  setLine(line) {
    set({ line });
  },
  selectLines(line, endLine, tabId) {
    set({ request: tabId === undefined ? { line, endLine } : { line, endLine, tabId } });
  },
  settle(request) {
    if (get().request === request) set({ request: null });
  },
}));
