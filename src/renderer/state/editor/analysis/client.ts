import type { VariantId } from '../../../../shared/variants';
import { createWorkerClient } from '../../../services/worker/client';
import type { Analysis } from './analyze';
import type { AnalysisInput } from './protocol';
import AnalysisWorker from './analysis.worker?worker';

/**
 * Runs payload analysis in a worker; falls back to the main thread (loaded on demand) when a
 * worker cannot be started, so validation never silently stops.
 */
const worker = createWorkerClient<AnalysisInput, Analysis>({
  name: 'payload analysis',
  start: () => new AnalysisWorker(),
});

export async function analyze(variant: VariantId, text: string): Promise<Analysis> {
  const onMainThread = async () => {
    const { analyzePayload } = await import('./analyze');
    return analyzePayload(variant, text);
  };
  const inWorker = worker.request({ variant, text });
  return inWorker ? inWorker.catch(onMainThread) : onMainThread();
}
