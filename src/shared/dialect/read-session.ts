import { DialectError } from './dialect-error';

/** Aliases may repeat gates; this caps how many we follow so an alias bomb stays cheap. */
export const MAX_ALIASES = 10_000;

/**
 * How a reading reacts to a problem:
 * - `strict` (the simulator's validating step): the first problem, error or warning, ends the
 *   reading; the job fails with it.
 * - `collect` (the editor, `qjob validate`): every problem is kept and reading goes on with the
 *   next gate, readout or field, so one pass shows them all.
 */
export type ReadMode = 'strict' | 'collect';

/**
 * Thrown to abandon the rest of a node whose problem is already recorded (or reported by
 * another check): the nearest `attempt` swallows it. Never escapes a collecting read.
 */
export class SkippedNode extends Error {
  constructor() {
    super('skipped: its problem is already reported');
    this.name = 'SkippedNode';
  }
}

/** State shared by every node of one reading: the mode, the problems, the alias budget. */
export class ReadSession {
  readonly problems: DialectError[] = [];
  aliasesLeft = MAX_ALIASES;

  constructor(readonly mode: ReadMode) {}

  /** A problem that does not stop the reading here (collect); the first one ends it (strict). */
  note(problem: DialectError): void {
    if (this.mode === 'strict') throw problem;
    this.problems.push(problem);
  }

  /** A problem that ends the reading of this node; reading goes on after the nearest `attempt`. */
  stop(problem: DialectError): never {
    if (this.mode === 'strict') throw problem;
    this.problems.push(problem);
    throw new SkippedNode();
  }

  /**
   * Runs one independent part of a reading (a gate, a readout, one field). In strict mode it is
   * transparent; collecting, a problem inside is recorded and the part yields undefined.
   */
  attempt<T>(read: () => T): T | undefined {
    if (this.mode === 'strict') return read();
    try {
      return read();
    } catch (error) {
      if (error instanceof DialectError) this.problems.push(error);
      else if (!(error instanceof SkippedNode)) throw error;
      return undefined;
    }
  }
}

/** A part that `attempt` gave up on makes whatever depends on it unreadable too (silently). */
export function need<T>(value: T | undefined): T {
  if (value === undefined) throw new SkippedNode();
  return value;
}
