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
