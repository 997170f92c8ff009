import type { VariantId } from '../../../../shared/variants';
import type { OpenedPayload } from '../../../../shared/sdk/decompile/open-service-payload';
import { createWorkerClient } from '../../../services/worker/client';
import type { OpenInput } from './protocol';
import OpenWorker from './open.worker?worker';

const worker = createWorkerClient<OpenInput, OpenedPayload>({
  name: 'payload opening',
  start: () => new OpenWorker(),
});

/**
 * A job's service payload opened in the friendly form (openServicePayload), in a worker; on the
 * main thread (loaded on demand) when no worker can run, so the tab never stays empty.
 */
export async function openPayload(variant: VariantId, payload: unknown): Promise<OpenedPayload> {
  const onMainThread = async () => {
    const { openServicePayload } =
      await import('../../../../shared/sdk/decompile/open-service-payload');
    return openServicePayload(variant, payload);
  };
  const inWorker = worker.request({ variant, payload });
  return inWorker ? inWorker.catch(onMainThread) : onMainThread();
}
