/// <reference lib="webworker" />
import { serveRequests } from '../../../src/renderer/services/worker/serve';

/** Squares a number, refuses a negative one, and moves its answer in a transferred buffer. */
serveRequests(
  (n: number) => {
    if (n < 0) throw new Error(`cannot square ${n} here`);
    return new Float64Array([n * n]).buffer;
  },
  (buffer) => [buffer],
);
