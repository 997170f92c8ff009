/**
 * Serialises the writes of one file and coalesces the ones that pile up while a write is in
 * flight: each step takes everything pending at the moment it starts. A failed step puts its
 * data back so the next one retries it, and the caller whose data it was sees the error.
 */
export class WriteQueue<T> {
  private chain: Promise<void> = Promise.resolve();
  private pending: T | undefined;

  constructor(
    private readonly merge: (older: T | undefined, newer: T) => T,
    private readonly write: (data: T) => Promise<void>,
  ) {}

  push(data: T): Promise<void> {
    this.pending = this.merge(this.pending, data);
    const step = this.chain.then(async () => {
      const taken = this.pending;
      if (taken === undefined) return;
      this.pending = undefined;
      try {
        await this.write(taken);
      } catch (error) {
        this.pending = this.pending === undefined ? taken : this.merge(taken, this.pending);
        throw error;
      }
    });
    this.chain = step.catch(() => undefined);
    return step;
  }

  idle(): Promise<void> {
    return this.chain;
  }
}
