/**
 * Work to do when a command ends, whatever its outcome: what a command started for itself (a
 * built-in simulator, see builtin-simulator.ts) is stopped here, so the process can exit and
 * nothing is left half-written. `main` runs it after every command. Kept apart from what it
 * stops, so that commands which start nothing load nothing for it.
 */
const pending: (() => Promise<void>)[] = [];

export function onCommandEnd(work: () => Promise<void>): void {
  pending.push(work);
}

/** Runs (and forgets) every piece of end-of-command work; a failure is reported, not thrown. */
export async function endCommand(report: (message: string) => void): Promise<void> {
  for (const work of pending.splice(0)) {
    try {
      await work();
    } catch (error) {
      report(`qjob: could not stop cleanly: ${(error as Error).message}\n`);
    }
  }
}
