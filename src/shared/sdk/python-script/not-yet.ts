/**
 * A payload the Python generator does not write yet (an execute type, a gate, a symbolic
 * parameter): the generator refuses whole rather than write half a script.
 */
export class NotYetInPython extends Error {
  constructor(readonly what: string) {
    super(`not yet: ${what} cannot be written as SDK Python`);
    this.name = 'NotYetInPython';
  }
}

/**
 * A payload the SDK's classes cannot build (compile refuses it too, for the same reason): the
 * message is the reason alone, without "not yet".
 */
export class NotInSdk extends NotYetInPython {
  constructor(reason: string) {
    super(reason);
    this.message = reason;
    this.name = 'NotInSdk';
  }
}
