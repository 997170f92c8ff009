/**
 * Long work on the main thread in slices: after `budgetMs` of work the loop yields to the
 * browser (input, painting) and checks whether it was cancelled. Used to split and search
 * 50 MB logs without freezing the window.
 */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

export function isCancelled(error: unknown): boolean {
  return error instanceof Cancelled;
}

export function createYielder(signal: AbortSignal | undefined, budgetMs = 12) {
  let sliceStart = performance.now();
  return {
    /** True when the slice is used up or the work was cancelled (cheap enough to call per line). */
    due(): boolean {
      return signal?.aborted === true || performance.now() - sliceStart > budgetMs;
    },
    async yield(): Promise<void> {
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      if (signal?.aborted) throw new Cancelled();
      sliceStart = performance.now();
    },
  };
}
