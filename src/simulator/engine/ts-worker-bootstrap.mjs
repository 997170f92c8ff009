// Development only: starts an engine worker from TypeScript sources (vitest, tsx). Node 20 does
// not pass `--import tsx` hooks on to worker threads, so this plain-JS entry registers tsx in
// the worker itself and then imports the real entry named in workerData. Built bundles use the
// compiled engine-worker.js instead and never load this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.tsEntry);
