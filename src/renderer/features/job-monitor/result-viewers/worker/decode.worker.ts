/// <reference lib="webworker" />
import '../../../../services/zod-jitless';
import { decodeResultText } from '../model/decode';
import { packOutcomes } from '../model/outcome-keys';
import type { DecodeRequest, DecodeResponse } from './protocol';

/*
 * Large results (a million outcomes, long sweeps with fits) are decoded here so the window stays
 * responsive; the models are plain data and cross back by structured clone, with sampling
 * outcomes packed into numbers and transferred (outcome-keys.ts).
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<DecodeRequest>) => {
  const { id, text, hints } = event.data;
  let reply: DecodeResponse;
  let transfer: ArrayBuffer[] = [];
  try {
    const model = decodeResultText(text, hints);
    transfer = packOutcomes(model);
    reply = { id, ok: true, model };
  } catch (error) {
    reply = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply, transfer);
};
