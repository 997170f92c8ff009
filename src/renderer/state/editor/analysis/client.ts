import type { VariantId } from '../../../../shared/variants';
import type { Analysis } from './analyze';
import type { AnalysisRequest, AnalysisResponse } from './protocol';
import AnalysisWorker from './analysis.worker?worker';

/**
 * Runs payload analysis in a worker; falls back to the main thread (loaded on demand) when a
 * worker cannot be started, so validation never silently stops.
 */
let worker: Worker | null = null;
let workerFailed = false;
let nextId = 1;
const pending = new Map<number, { resolve(a: Analysis): void; reject(e: Error): void }>();

function startWorker(): Worker | null {
  if (worker || workerFailed) return worker;
  try {
    worker = new AnalysisWorker();
    worker.onmessage = (event: MessageEvent<AnalysisResponse>) => {
      const msg = event.data;
      const entry = pending.get(msg.id);
      if (!entry) return;
      pending.delete(msg.id);
      if (msg.ok) entry.resolve(msg.analysis);
      else entry.reject(new Error(msg.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      console.error('payload analysis worker failed; continuing on the main thread', event.message);
      workerFailed = true;
      worker?.terminate();
      worker = null;
      for (const [id, entry] of pending) {
        pending.delete(id);
        entry.reject(new Error('analysis worker stopped'));
      }
    };
  } catch (error) {
    console.error('payload analysis worker could not start', error);
    workerFailed = true;
    worker = null;
  }
  return worker;
}

export async function analyze(variant: VariantId, text: string): Promise<Analysis> {
  const w = startWorker();
  if (!w) {
    const { analyzePayload } = await import('./analyze');
    return analyzePayload(variant, text);
  }
  const id = nextId++;
  const request: AnalysisRequest = { id, variant, text };
  return new Promise<Analysis>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage(request);
  }).catch(async () => {
    const { analyzePayload } = await import('./analyze');
    return analyzePayload(variant, text);
  });
}
