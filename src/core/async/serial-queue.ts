/**
 * Runs asynchronous operations one at a time, in the order they were handed in. A failed
 * operation fails its own caller only; the ones queued after it still run.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(operation);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
